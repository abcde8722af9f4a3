import type { SandboxHandler, SandboxRequest, SandboxResponse } from "../types";
import { countriesCsv } from "./countries";
import { berlinDate } from "./dates";
import { CSV_CONTENT_TYPE, csvResponse, failure, success } from "./envelope";
import { healthInsurancesCsv } from "./health-insurances";
import type { Customer } from "./model";
import { accepts, bearerKey, hasJsonContentType } from "./negotiation";
import { companyOfCustomer, customerByApiKey, type CompanyState, type PayrollState } from "./state";
import type { ValidationContext } from "./validation/context";
import { validateNewEmployee } from "./validation/employee";
import { validateFurtherPayments, validateHourlyCompensations } from "./validation/transfers";

interface Call {
  state: PayrollState;
  customer: Customer;
  today: string;
  /** Present on the company routes. */
  company?: CompanyState;
  /** The parsed JSON body of a POST. */
  body?: unknown;
}

type Action = (call: Call) => SandboxResponse;

interface Route {
  pattern: RegExp;
  /** Whether the path carries a company id as its first capture. */
  companyRoute: boolean;
  mediaType: "application/json" | "text/csv";
  methods: Partial<Record<"GET" | "POST", Action>>;
}

const JSON_TYPE = "application/json";

function needCompany(call: Call): CompanyState {
  if (!call.company) throw new Error("company route without company");
  return call.company;
}

function validationContext(call: Call, company: CompanyState): ValidationContext {
  return {
    company: company.company,
    employeeIds: new Set(company.employees.keys()),
    insurers: call.state.insurersByNumber,
    today: call.today,
  };
}

const createEmployee: Action = (call) => {
  const company = needCompany(call);
  const result = validateNewEmployee(call.body, validationContext(call, company));
  if (!result.ok)
    return failure("VALIDATION_FAILED", "The employee was not created: the data is invalid.", result.issues);
  const employee = result.value;
  if (company.employees.has(employee.id)) {
    return failure(
      "EMPLOYEE_ID_IN_USE",
      `Employee id ${employee.id} is already in use in company ${company.company.id}.`,
      [{ field: "id", code: "IN_USE", message: `id ${employee.id} is already in use` }],
    );
  }
  company.employees.set(employee.id, employee);
  return success(employee);
};

function payRunRefusal(company: CompanyState, what: string): SandboxResponse {
  return failure(
    "PAY_RUN_IN_PROGRESS",
    `A pay run of company ${company.company.id} is in progress; ${what} cannot be transferred now.`,
  );
}

const transferHours: Action = (call) => {
  const company = needCompany(call);
  if (company.payRunInProgress) return payRunRefusal(company, "hours");
  const result = validateHourlyCompensations(call.body, validationContext(call, company));
  if (!result.ok) return failure("VALIDATION_FAILED", "Nothing was stored: the hours are invalid.", result.issues);
  company.hours = result.value;
  return success({ company_id: company.company.id, month: company.company.current_month, count: result.value.length });
};

const transferFurtherPayments: Action = (call) => {
  const company = needCompany(call);
  if (company.payRunInProgress) return payRunRefusal(company, "further payments");
  const result = validateFurtherPayments(call.body, validationContext(call, company));
  if (!result.ok) return failure("VALIDATION_FAILED", "Nothing was stored: the payments are invalid.", result.issues);
  company.payments = result.value;
  return success({ company_id: company.company.id, month: company.company.current_month, count: result.value.length });
};

const ROUTES: Route[] = [
  {
    pattern: /^\/v1\/healthinsurances\.csv$/,
    companyRoute: false,
    mediaType: "text/csv",
    methods: { GET: (call) => csvResponse(healthInsurancesCsv(call.state.insurers)) },
  },
  {
    pattern: /^\/v1\/countries\.csv$/,
    companyRoute: false,
    mediaType: "text/csv",
    methods: { GET: () => csvResponse(countriesCsv()) },
  },
  {
    pattern: /^\/v1\/username$/,
    companyRoute: false,
    mediaType: JSON_TYPE,
    methods: { GET: (call) => success(call.customer.username) },
  },
  {
    pattern: /^\/v1\/companies$/,
    companyRoute: false,
    mediaType: JSON_TYPE,
    methods: {
      GET: (call) => success(call.customer.companyIds.flatMap((id) => call.state.companies.get(id)?.company ?? [])),
    },
  },
  {
    pattern: /^\/v1\/companies\/(\d+)\/employees$/,
    companyRoute: true,
    mediaType: JSON_TYPE,
    methods: { GET: (call) => success([...needCompany(call).employees.values()]), POST: createEmployee },
  },
  {
    pattern: /^\/v1\/companies\/(\d+)\/hourly_compensations$/,
    companyRoute: true,
    mediaType: JSON_TYPE,
    methods: { POST: transferHours },
  },
  {
    pattern: /^\/v1\/companies\/(\d+)\/further_payments$/,
    companyRoute: true,
    mediaType: JSON_TYPE,
    methods: { POST: transferFurtherPayments },
  },
];

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch {
    return { ok: false };
  }
}

export function createServiceHandler(getState: () => PayrollState, now: () => Date): SandboxHandler {
  return (req: SandboxRequest) => {
    const route = ROUTES.find((candidate) => candidate.pattern.test(req.path));
    if (!route) return failure("NOT_FOUND", `No resource at ${req.path}.`);
    const method = req.method.toUpperCase();
    const action = method === "GET" || method === "POST" ? route.methods[method] : undefined;
    if (!action) {
      const allowed = Object.keys(route.methods).join(", ");
      return failure("METHOD_NOT_ALLOWED", `${method} is not allowed on ${req.path}; use ${allowed}.`, [], {
        Allow: allowed,
      });
    }

    const state = getState();
    const key = bearerKey(req.headers);
    const customer = key === undefined ? undefined : customerByApiKey(state, key);
    if (!customer) {
      return failure("UNAUTHORIZED", "A valid API key is required: Authorization: Bearer <api key>.", [], {
        "WWW-Authenticate": 'Bearer realm="payroll"',
      });
    }
    if (!accepts(req.headers, route.mediaType)) {
      const type = route.mediaType === JSON_TYPE ? JSON_TYPE : CSV_CONTENT_TYPE;
      return failure("NOT_ACCEPTABLE", `${req.path} answers ${type}, which the Accept header excludes.`);
    }

    const call: Call = { state, customer, today: berlinDate(now()) };
    if (route.companyRoute) {
      const companyId = Number(route.pattern.exec(req.path)?.[1]);
      call.company = companyOfCustomer(state, customer, companyId);
      if (!call.company) return failure("NOT_FOUND", `No company ${companyId} among your companies.`);
    }
    if (method === "POST") {
      if (!hasJsonContentType(req.headers)) {
        return failure("UNSUPPORTED_MEDIA_TYPE", "The body must be JSON with Content-Type: application/json.");
      }
      const parsed = parseJson(req.body);
      if (!parsed.ok) return failure("MALFORMED_JSON", "The body is not valid JSON.");
      call.body = parsed.value;
    }
    return action(call);
  };
}
