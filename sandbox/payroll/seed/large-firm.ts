import { addMonths, monthOf } from "../dates";
import type { Customer, HourlyCompensation } from "../model";
import { createRandom, type Random } from "../prng";
import type { CompanyState, PayrollState } from "../state";
import { randomAddress, seedEmployee } from "./employees";
import { GERMAN_ORIGIN } from "./people";

/** What `POST /control/payroll/customers` accepts (validated by `parseLargeFirmRequest`). */
export interface LargeFirmRequest {
  companies: number;
  name?: string;
  employeesPerCompany: number;
}

export const MAX_COMPANIES = 1000;
export const MAX_EMPLOYEES_PER_COMPANY = 200;
const DEFAULT_EMPLOYEES_PER_COMPANY = 8;
/** Created companies get ids from here on, a block of 10,000 per created customer, clear of the seed's 1001…3001. */
const FIRST_CREATED_COMPANY_ID = 100_001;

const TRADES = [
  ["Bäckerei", "GmbH"],
  ["Metallbau", "GmbH"],
  ["Elektro", "GmbH & Co. KG"],
  ["Gebäudereinigung", "GmbH"],
  ["Zahnarztpraxis Dr.", ""],
  ["Steuerkanzlei", "PartG"],
  ["Autohaus", "GmbH"],
  ["Pflegedienst", "gGmbH"],
  ["Gasthaus", "e.K."],
  ["Malerbetrieb", "GmbH"],
  ["Logistik", "GmbH"],
  ["Friseursalon", ""],
] as const;

/** Where created companies are: towns in many Länder, so deadlines differ by Land. */
const COMPANY_SEATS = [
  { street: "Marktplatz 3", postal_code: "70173", location: "Stuttgart" },
  { street: "Leopoldstraße 18", postal_code: "80802", location: "München" },
  { street: "Friedrichstraße 120", postal_code: "10117", location: "Berlin" },
  { street: "Breite Straße 9", postal_code: "14467", location: "Potsdam" },
  { street: "Obernstraße 40", postal_code: "28195", location: "Bremen" },
  { street: "Mönckebergstraße 7", postal_code: "20095", location: "Hamburg" },
  { street: "Zeil 90", postal_code: "60313", location: "Frankfurt am Main" },
  { street: "Kröpeliner Straße 25", postal_code: "18055", location: "Rostock" },
  { street: "Georgstraße 12", postal_code: "30159", location: "Hannover" },
  { street: "Schildergasse 60", postal_code: "50667", location: "Köln" },
  { street: "Ludwigstraße 5", postal_code: "55116", location: "Mainz" },
  { street: "Bahnhofstraße 31", postal_code: "66111", location: "Saarbrücken" },
  { street: "Prager Straße 2", postal_code: "01069", location: "Dresden" },
  { street: "Breiter Weg 200", postal_code: "39104", location: "Magdeburg" },
  { street: "Holstenstraße 14", postal_code: "24103", location: "Kiel" },
  { street: "Anger 50", postal_code: "99084", location: "Erfurt" },
] as const;

export type ParsedLargeFirm = { ok: true; value: LargeFirmRequest } | { ok: false; details: string[] };

function isInteger(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

export function parseLargeFirmRequest(body: unknown): ParsedLargeFirm {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, details: ["the body must be an object"] };
  const { companies, name, employees_per_company: employees, ...rest } = body as Record<string, unknown>;
  const details: string[] = Object.keys(rest).map((key) => `unknown field ${key}`);
  if (!isInteger(companies, 1, MAX_COMPANIES)) details.push(`companies must be an integer from 1 to ${MAX_COMPANIES}`);
  if (name !== undefined && (typeof name !== "string" || name.trim() === "" || name.length > 100)) {
    details.push("name must be a non-empty string of at most 100 characters");
  }
  if (employees !== undefined && !isInteger(employees, 0, MAX_EMPLOYEES_PER_COMPANY)) {
    details.push(`employees_per_company must be an integer from 0 to ${MAX_EMPLOYEES_PER_COMPANY}`);
  }
  if (details.length > 0) return { ok: false, details };
  return {
    ok: true,
    value: {
      companies: companies as number,
      ...(typeof name === "string" ? { name: name.trim() } : {}),
      employeesPerCompany: (employees as number | undefined) ?? DEFAULT_EMPLOYEES_PER_COMPANY,
    },
  };
}

/** Hours of the current period for every employee: a month's wage hours, some with surcharges. */
function seedHours(random: Random, company: CompanyState): HourlyCompensation[] {
  const month = company.company.current_month;
  return [...company.employees.keys()].flatMap((employeeId): HourlyCompensation[] => {
    const wage: HourlyCompensation = {
      company_id: company.company.id,
      employee_id: employeeId,
      type: "HOURLY_WAGE",
      total_hours: random.int(80, 172),
      total_amount: random.int(1400, 4200),
    };
    if (!random.chance(0.3)) return [wage];
    const date = `${month}-${String(random.int(1, 28)).padStart(2, "0")}`;
    return [
      wage,
      {
        company_id: company.company.id,
        employee_id: employeeId,
        type: "SUNDAY_PREMIUM",
        total_hours: random.int(4, 10),
        surcharge: 50,
        date,
      },
    ];
  });
}

/**
 * A payroll customer with many companies, for benches, tests and demos. The month of each
 * company is this month, last month or the one before, some pay runs are in progress and
 * about half the companies already hold this period's hours; the seats cover all 16 Länder.
 * Deterministic for the same request on the same day and state (seeded by the company count).
 */
export function createLargeFirm(
  state: PayrollState,
  request: LargeFirmRequest,
  today: string,
): { customer: Customer; companies: CompanyState[] } {
  const customerIndex = state.customers.length;
  const random = createRandom(7_000_003 + customerIndex * 131 + request.companies);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const apiKey = `pk_sandbox_firm_${Array.from({ length: 24 }, () => random.pick([...alphabet])).join("")}`;
  const highest = Math.max(0, ...state.companies.keys());
  const firstId =
    highest < FIRST_CREATED_COMPANY_ID ? FIRST_CREATED_COMPANY_ID : Math.ceil((highest + 1) / 10_000) * 10_000 + 1;
  const companies: CompanyState[] = [];
  for (let index = 0; index < request.companies; index += 1) {
    const id = firstId + index;
    const [trade, form] = TRADES[index % TRADES.length] ?? TRADES[0];
    const seat = COMPANY_SEATS[index % COMPANY_SEATS.length] ?? COMPANY_SEATS[0];
    const owner = random.pick(GERMAN_ORIGIN.lastNames);
    const current_month = addMonths(monthOf(today), -random.pick([0, 0, 0, 1, 1, 2]));
    const employees = new Map(
      Array.from({ length: request.employeesPerCompany }, (_, offset) => {
        const employee = seedEmployee(random, state.insurers, {
          companyId: id,
          id: offset + 1,
          currentMonth: current_month,
          today,
        });
        return [employee.id, employee] as const;
      }),
    );
    const company: CompanyState = {
      company: {
        id,
        name1: `${trade} ${owner} ${form}`.trim(),
        name2: `Mandant ${index + 1}`,
        address: {
          ...randomAddress(random),
          street_address: seat.street,
          postal_code: seat.postal_code,
          location: seat.location,
        },
        current_month,
      },
      ownerApiKey: apiKey,
      employees,
      hours: [],
      payments: [],
      payRunInProgress: random.chance(0.1),
    };
    if (random.chance(0.5)) company.hours = seedHours(random, company);
    companies.push(company);
    state.companies.set(id, company);
  }
  const customer: Customer = {
    apiKey,
    username: request.name ?? `Lohnbüro ${random.pick(GERMAN_ORIGIN.lastNames)} (${request.companies} Mandanten)`,
    companyIds: companies.map((company) => company.company.id),
  };
  state.customers.push(customer);
  return { customer, companies };
}
