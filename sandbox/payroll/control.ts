import type { SandboxHandler, SandboxRequest, SandboxResponse } from "../types";
import { addMonths, firstDayOf } from "./dates";
import { isOperatingOn } from "./health-insurances";
import type { HealthInsurance, PayrollFixtures } from "./model";
import { createLargeFirm, parseLargeFirmRequest } from "./seed/large-firm";
import type { CompanyState, PayrollState } from "./state";
import { isPlainObject } from "./validation/fields";

function json(status: number, value: unknown): SandboxResponse {
  return {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    body: JSON.stringify(value),
  };
}

function problem(status: number, error: string, message: string): SandboxResponse {
  return json(status, { error, message });
}

/** The insurer that takes over an ended one on `date`, following successions; undefined when none does. */
function successorOn(
  insurers: ReadonlyMap<string, HealthInsurance>,
  start: HealthInsurance,
  date: string,
): HealthInsurance | undefined {
  let current: HealthInsurance | undefined = start;
  for (let step = 0; current !== undefined && step < 10; step += 1) {
    if (isOperatingOn(current, date)) return current;
    current = current.replacement === undefined ? undefined : insurers.get(current.replacement);
  }
  return undefined;
}

/**
 * Starting a pay run applies rule 4 of the spec: employees of an insurer that no longer
 * operates in the pay month go to its successor; those without one are reported as errors.
 */
function startPayRun(state: PayrollState, company: CompanyState): SandboxResponse {
  const payDay = firstDayOf(company.company.current_month);
  const reassigned: { employee_id: number; from: string; to: string }[] = [];
  const errors: { employee_id: number; health_insurance: string; message: string }[] = [];
  for (const employee of company.employees.values()) {
    const insurer = state.insurersByNumber.get(employee.health_insurance);
    if (insurer === undefined || isOperatingOn(insurer, payDay)) continue;
    const successor = successorOn(state.insurersByNumber, insurer, payDay);
    if (successor === undefined) {
      errors.push({
        employee_id: employee.id,
        health_insurance: employee.health_insurance,
        message: `${insurer.companyName} does not operate in ${company.company.current_month} and has no successor`,
      });
    } else {
      reassigned.push({ employee_id: employee.id, from: employee.health_insurance, to: successor.companyNumber });
      employee.health_insurance = successor.companyNumber;
    }
  }
  company.payRunInProgress = true;
  return json(200, payRunAnswer(company, { reassigned, errors }));
}

function payRunAnswer(company: CompanyState, extra: object = {}): object {
  return {
    company_id: company.company.id,
    current_month: company.company.current_month,
    in_progress: company.payRunInProgress,
    ...extra,
  };
}

function parseBody(req: SandboxRequest): unknown {
  if (req.body.length === 0) return {};
  try {
    return JSON.parse(req.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

type CompanyAction = (company: CompanyState, req: SandboxRequest, state: PayrollState) => SandboxResponse;

const COMPANY_ROUTES: Record<string, Partial<Record<string, CompanyAction>>> = {
  "": {
    GET: (company) =>
      json(200, {
        ...company.company,
        pay_run_in_progress: company.payRunInProgress,
        employee_count: company.employees.size,
      }),
  },
  pay_run: {
    GET: (company) => json(200, payRunAnswer(company)),
    POST: (company, req, state) => {
      const body = parseBody(req);
      if (!isPlainObject(body) || typeof body.in_progress !== "boolean") {
        return problem(400, "invalid_request", 'The body must be {"in_progress": true or false}.');
      }
      if (body.in_progress) return startPayRun(state, company);
      company.payRunInProgress = false;
      return json(200, payRunAnswer(company));
    },
  },
  hourly_compensations: { GET: (company) => json(200, company.hours) },
  further_payments: { GET: (company) => json(200, company.payments) },
  employees: { GET: (company) => json(200, [...company.employees.values()]) },
  close_month: {
    POST: (company) => {
      company.company.current_month = addMonths(company.company.current_month, 1);
      company.hours = [];
      company.payments = [];
      company.payRunInProgress = false;
      return json(200, payRunAnswer(company));
    },
  },
};

const COMPANY_PATH = /^\/companies\/(\d+)(?:\/([a-z_]+))?$/;

/** POST /customers: a large firm (see seed/large-firm.ts); gone with the next reset. */
function createCustomer(req: SandboxRequest, state: PayrollState, today: string): SandboxResponse {
  const parsed = parseLargeFirmRequest(parseBody(req));
  if (!parsed.ok) return json(422, { error: "invalid customer request", details: parsed.details });
  const { customer, companies } = createLargeFirm(state, parsed.value, today);
  return json(201, {
    api_key: customer.apiKey,
    username: customer.username,
    companies: companies.map(({ company, employees, payRunInProgress, hours }) => ({
      id: company.id,
      name1: company.name1,
      current_month: company.current_month,
      postal_code: company.address.postal_code,
      location: company.address.location,
      pay_run_in_progress: payRunInProgress,
      hours_entries: hours.length,
      employee_ids: [...employees.keys()],
    })),
  });
}

export function createControlHandler(
  getState: () => PayrollState,
  getFixtures: () => PayrollFixtures,
  today: () => string,
): SandboxHandler {
  return (req) => {
    const method = req.method.toUpperCase();
    if (req.path === "/fixtures") {
      return method === "GET" ? json(200, getFixtures()) : problem(405, "method_not_allowed", "Use GET.");
    }
    if (req.path === "/customers") {
      return method === "POST"
        ? createCustomer(req, getState(), today())
        : problem(405, "method_not_allowed", "Use POST.");
    }
    const match = COMPANY_PATH.exec(req.path);
    const routes = match ? COMPANY_ROUTES[match[2] ?? ""] : undefined;
    if (!match || !routes) return problem(404, "not_found", `No payroll control route ${req.path}.`);
    const action = routes[method];
    if (!action) return problem(405, "method_not_allowed", `Use ${Object.keys(routes).join(" or ")}.`);
    const state = getState();
    const company = state.companies.get(Number(match[1]));
    if (!company) return problem(404, "not_found", `No company ${match[1]}.`);
    return action(company, req, state);
  };
}
