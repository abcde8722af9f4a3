import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import { LOCALES } from "@/lib/i18n/locales";
import { FEDERAL_STATES } from "./federal-states";
import { runMonthChecks } from "./index";
import { CHECK_RULES, findingSchema, monthCheckInputSchema, type Finding } from "./schemas";

/** A small month that trips every rule once. */
function everyRule(): Finding[] {
  const wage = (id: string, employee: number, hours: string, rate: string, date: string) => ({
    id,
    employee_id: employee,
    values: { type: "HOURLY_WAGE", total_hours: hours, total_amount: rate, date },
  });
  const input = monthCheckInputSchema.parse({
    month: {
      period: "2026-11",
      hours: [
        wage("a", 1, "11", "12", "2026-11-02"),
        wage("b", 1, "11", "12", "2026-11-02"),
        wage("c", 2, "x", "15", "2026-11-02"),
        wage("d", 9, "1", "15", "2026-11-02"),
        {
          id: "e",
          employee_id: 1,
          values: { type: "SUNDAY_PREMIUM", total_hours: "1", total_amount: "5", date: "2026-11-03" },
        },
        {
          id: "f",
          employee_id: 1,
          values: { type: "HOLIDAY_SURCHARGE", total_hours: "1", total_amount: "5", date: "2026-11-03" },
        },
      ],
      payments: [{ id: "g", employee_id: 1, values: { type: "BONUS_PAYMENT", amount: "600" } }],
    },
    employees: [1, 2, 3].map((id) => ({ id, firstName: `F${id}`, lastName: `L${id}`, healthInsurance: "200" })),
    insurers: [{ number: "200", name: "BKK Alt", availableFrom: null, availableTo: "2026-06-30", replacement: null }],
    employeeSettings: [{ employeeId: 1, payCap: "minijob", monthlyHoursLimit: 20 }],
    company: { federalState: "BY" },
    publicHolidays: [],
    previous: { period: "2026-10", hours: [wage("p", 1, "1", "12", "2026-10-01")], payments: [] },
  });
  const withoutState = { ...input, company: { ...input.company, federalState: null } };
  return [
    ...runMonthChecks(input),
    ...runMonthChecks(withoutState).filter((finding) => finding.rule === "holidayStateMissing"),
  ];
}

describe("findings", () => {
  const findings = everyRule();

  it("come in every rule, each a valid finding of its severity", () => {
    expect(new Set(findings.map((finding) => finding.rule))).toEqual(new Set(CHECK_RULES));
    for (const finding of findings) expect(findingSchema.parse(finding)).toEqual(finding);
  });

  it.each(LOCALES)("read as %s messages whose placeholders the params fill", (locale) => {
    const t = createTranslator({
      locale,
      messages: MESSAGES[locale] as Messages,
      namespace: "monthChecks",
      onError: (error) => {
        throw error;
      },
    });
    for (const finding of findings) {
      const text = t(`rules.${finding.rule}`, finding.params);
      expect(text, finding.rule).not.toMatch(/[{}]/);
      expect(t(`severity.${finding.severity}`)).toBeTruthy();
    }
    for (const state of FEDERAL_STATES) expect(t(`federalStates.${state}`)).toBeTruthy();
  });
});
