import { addMonths, monthOf } from "../dates";
import { buildHealthInsurances, ENDING_INSURER_NAME, insurerByName } from "../health-insurances";
import type { Address, Employee, HealthInsurance, PayrollFixtures } from "../model";
import { createRandom, type Random } from "../prng";
import type { CompanyState, PayrollState } from "../state";
import { seedEmployee } from "./employees";

const SEED = 20_240_917;

interface CompanyPlan {
  id: number;
  name1: string;
  name2: string;
  address: Address;
  /** Current payroll month relative to today's month. */
  monthOffset: number;
  employeeIds: number[];
  /** Employee id -> name of the insurer that employee is seeded with. */
  insurerOverrides?: Record<number, string>;
  /** Share of employees seeded with an insurer that has ended. */
  endedInsurerShare?: number;
}

interface CustomerPlan {
  username: string;
  companies: CompanyPlan[];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}

/** `count` ascending ids from 1 with occasional gaps, as staff come and go. */
function idsWithGaps(random: Random, count: number): number[] {
  const ids: number[] = [];
  let next = 1;
  while (ids.length < count) {
    ids.push(next);
    next += random.chance(0.08) ? random.int(2, 4) : 1;
  }
  return ids;
}

function plans(random: Random): CustomerPlan[] {
  return [
    {
      username: "Sabine Krüger",
      companies: [
        {
          id: 1001,
          name1: "Bäckerei Krüger GmbH",
          name2: "Brot und Feingebäck seit 1952",
          address: { street_address: "Lindenstraße 14", postal_code: "50674", location: "Köln" },
          monthOffset: 0,
          employeeIds: [1, 2, 3, 4, 7],
          insurerOverrides: { 2: "BARMER GEK", 4: ENDING_INSURER_NAME },
        },
        {
          id: 1002,
          name1: "Krüger Catering GmbH & Co. KG",
          name2: "Event- und Betriebsverpflegung",
          address: { street_address: "Industriestraße 8", postal_code: "50829", location: "Köln" },
          monthOffset: -1,
          employeeIds: range(101, 112),
        },
      ],
    },
    {
      username: "Thomas Albrecht",
      companies: [
        {
          id: 2001,
          name1: "Albrecht Logistik GmbH",
          name2: "Spedition und Lagerhaltung",
          address: { street_address: "Hafenstraße 21", postal_code: "28217", location: "Bremen" },
          monthOffset: 0,
          employeeIds: idsWithGaps(random, 1000),
          insurerOverrides: { 1: ENDING_INSURER_NAME, 2: "Gemeinsame BKK Nordhessen" },
          endedInsurerShare: 0.03,
        },
        {
          id: 2002,
          name1: "Albrecht Immobilienverwaltung GmbH",
          name2: "Haus- und Mietverwaltung",
          address: { street_address: "Am Wall 150", postal_code: "28195", location: "Bremen" },
          monthOffset: 0,
          employeeIds: [],
        },
      ],
    },
    {
      username: "Dr. Aylin Demir",
      companies: [
        {
          id: 3001,
          name1: "Zahnarztpraxis Dr. Aylin Demir",
          name2: "Praxisgemeinschaft Südstadt",
          address: { street_address: "Karlstraße 42", postal_code: "76133", location: "Karlsruhe" },
          monthOffset: 0,
          employeeIds: [1, 2, 3],
        },
      ],
    },
  ];
}

/** A key of its own PRNG per customer, so keys stay put when the rest of the seed changes. */
function apiKey(customerIndex: number): string {
  const random = createRandom(SEED + customerIndex + 1);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return `pk_sandbox_${Array.from({ length: 24 }, () => random.pick([...alphabet])).join("")}`;
}

function seedCompany(
  random: Random,
  plan: CompanyPlan,
  ownerApiKey: string,
  insurers: readonly HealthInsurance[],
  today: string,
): CompanyState {
  const current_month = addMonths(monthOf(today), plan.monthOffset);
  const ended = insurers.filter((insurer) => insurer.availableTo !== undefined && insurer.availableTo < today);
  const employees = new Map<number, Employee>();
  for (const id of plan.employeeIds) {
    const overrideName = plan.insurerOverrides?.[id];
    const insurer =
      overrideName !== undefined
        ? insurerByName(insurers, overrideName)
        : random.chance(plan.endedInsurerShare ?? 0)
          ? random.pick(ended)
          : undefined;
    employees.set(
      id,
      seedEmployee(random, insurers, { companyId: plan.id, id, currentMonth: current_month, today, insurer }),
    );
  }
  return {
    company: { id: plan.id, name1: plan.name1, name2: plan.name2, address: plan.address, current_month },
    ownerApiKey,
    employees,
    hours: [],
    payments: [],
    payRunInProgress: false,
  };
}

/** The seeded state for a given day in Germany (YYYY-MM-DD); the same day always gives the same data. */
export function seedPayroll(today: string): { state: PayrollState; fixtures: PayrollFixtures } {
  const random = createRandom(SEED);
  const insurers = buildHealthInsurances(monthOf(today));
  const state: PayrollState = {
    customers: [],
    companies: new Map(),
    insurers,
    insurersByNumber: new Map(insurers.map((insurer) => [insurer.companyNumber, insurer])),
  };
  plans(random).forEach((plan, customerIndex) => {
    const key = apiKey(customerIndex);
    state.customers.push({
      apiKey: key,
      username: plan.username,
      companyIds: plan.companies.map((company) => company.id),
    });
    for (const companyPlan of plan.companies) {
      state.companies.set(companyPlan.id, seedCompany(random, companyPlan, key, insurers, today));
    }
  });
  return { state, fixtures: fixturesOf(state) };
}

function fixturesOf(state: PayrollState): PayrollFixtures {
  return {
    customers: state.customers.map((customer) => ({
      api_key: customer.apiKey,
      username: customer.username,
      companies: customer.companyIds.flatMap((id) => {
        const companyState = state.companies.get(id);
        if (!companyState) return [];
        const { company, employees } = companyState;
        return [
          { id, name1: company.name1, current_month: company.current_month, employee_ids: [...employees.keys()] },
        ];
      }),
    })),
  };
}
