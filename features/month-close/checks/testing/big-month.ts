import { HOURLY_COMPENSATION_TYPES, type StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthCheckInput } from "../schemas";

/**
 * The benchmark's month: 1,000 employees with nine hours lines each (every type once, as the grid
 * bench's company 2001 has), on working days of November 2026 in Bavaria, a previous month, a
 * reference list and some minijobs, so that every rule has work to do and some find something.
 */
export function bigMonth(employeeCount = 1_000): MonthCheckInput {
  const period = "2026-11";
  const days = [
    "02",
    "03",
    "04",
    "05",
    "06",
    "09",
    "10",
    "11",
    "12",
    "13",
    "16",
    "17",
    "18",
    "19",
    "20",
    "23",
    "24",
    "25",
    "26",
    "27",
  ];
  const lines = (month: string, factor: number): StoredLine[] => {
    const result: StoredLine[] = [];
    for (let id = 1; id <= employeeCount; id += 1) {
      HOURLY_COMPENSATION_TYPES.forEach((type, index) => {
        // every 50th employee's Sunday premium is on a Monday; every 7th worked twice the last month's hours
        const day =
          type === "SUNDAY_PREMIUM"
            ? id % 50 === 0
              ? "09"
              : "08"
            : type.startsWith("HOLIDAY")
              ? "01"
              : days[(id + index) % days.length];
        const hours = (4 + ((id + index) % 5)) * (id % 7 === 0 ? factor : 1);
        result.push({
          id: `${month}-${id}-${index}`,
          employee_id: id,
          values: {
            type,
            total_hours: String(hours),
            total_amount: index === 0 ? "14.5" : "3.25",
            surcharge: "",
            date: `${month}-${day}`,
            cost_center_id: `K${id % 40}`,
            cost_object_id: "",
          },
        });
      });
    }
    return result;
  };
  return {
    month: { period, hours: lines(period, 1), payments: [] },
    employees: Array.from({ length: employeeCount }, (_, index) => ({
      id: index + 1,
      firstName: `Vorname ${index + 1}`,
      lastName: `Nachname ${index + 1}`,
      healthInsurance: index % 3 === 0 ? "101" : "102",
    })),
    insurers: [
      { number: "101", name: "AOK Bayern", availableFrom: null, availableTo: null, replacement: null },
      { number: "102", name: "BKK Alt", availableFrom: null, availableTo: "2025-12-31", replacement: "103" },
      { number: "103", name: "BKK Neu", availableFrom: "2026-01-01", availableTo: null, replacement: null },
    ],
    employeeSettings: Array.from({ length: employeeCount / 10 }, (_, index) => ({
      employeeId: index * 10 + 1,
      payCap: "minijob" as const,
      monthlyHoursLimit: 40,
    })),
    company: { federalState: "BY", monthlyHoursLimit: 208 },
    publicHolidays: ["2026-11-01"],
    previous: { period: "2026-10", hours: lines("2026-10", 0.5), payments: [] },
  };
}
