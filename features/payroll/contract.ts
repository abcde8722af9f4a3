import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { connectSchema } from "./connection/schemas";
import { draftSchema } from "./employees/draft-schema";
import type { EmployeeInput } from "./employees/employee-schema";
import { importProgressSchema, reportRowSchema } from "./imports/schemas";
import { employeeSchema } from "./upstream/schemas";
import { payrollRoutes } from "./routes";

/**
 * The payroll routes (lib/http/contract.ts): the workspace's connections, a company's employees,
 * the onboarding form's draft, imports and the reference lists. Handlers: ./server/handlers.ts;
 * the browser: ./client/api.ts. The month close and the monthly entries have contracts of their
 * own (features/month-close/contract.ts, ./entries/contract.ts).
 */

const companyParams = z.object({ companyId: z.string() });
const importParams = z.object({ importId: z.uuid() });
/** Which of the workspace's connections `?id=` names (404 when it names none). */
const connectionQuery = z.object({ id: z.uuid() });
const noSuchConnection = { code: "not_found", message: "There is no such payroll connection." } as const;
const upstream = [
  "forbidden",
  "unknown_company",
  "key_refused",
  "upstream_unreachable",
  "upstream_error",
  "unavailable",
] as const;
const importAnswer = importProgressSchema;

export const payrollContract = defineContract(payrollRoutes, {
  /** Adds a customer to the workspace, or reconnects a kept one (owners). */
  connect: {
    body: connectSchema,
    response: z.object({
      connection: z.object({ id: z.string(), username: z.string().nullable(), baseUrl: z.string() }),
    }),
    errors: ["forbidden", "key_refused", "upstream_unreachable", "upstream_error"],
  },
  /** The connection chooser: the person works on this one of the workspace's connections. */
  chooseConnection: {
    body: z.object({ connectionId: z.uuid() }).strict(),
    response: z.object({ chosen: z.string() }),
    errors: ["forbidden"],
  },
  /** Disconnect (owners): the key goes, drafts, import reports and transfers stay. */
  disconnect: {
    query: connectionQuery,
    queryRefusal: noSuchConnection,
    response: z.object({ disconnected: z.boolean() }),
    errors: ["forbidden"],
  },
  /** "Delete all payroll data" of a connection (owners): the connection and everything kept with it. */
  deleteData: {
    query: connectionQuery,
    queryRefusal: noSuchConnection,
    response: z.object({ deleted: z.boolean() }),
    errors: ["forbidden", "transfer_under_way"],
  },
  listEmployees: {
    params: companyParams,
    response: z.object({ employees: z.array(employeeSchema) }),
    errors: upstream,
  },
  /** The form's values, checked against the company's reference lists (201). */
  createEmployee: {
    params: companyParams,
    // Checked by the handler against the company's lists (422 `invalid` with `fields`).
    body: z.custom<EmployeeInput>(),
    response: z.object({ employee: employeeSchema }),
    status: 201,
    errors: [...upstream, "conflict", "refused", "outcome_unknown"],
  },
  saveOnboardingDraft: {
    params: companyParams,
    body: draftSchema,
    response: z.object({ saved: z.literal(true) }),
    errors: upstream,
  },
  deleteOnboardingDraft: {
    params: companyParams,
    response: z.object({ deleted: z.literal(true) }),
    errors: upstream,
  },
  /** The rows (checked by the handler: 422 `invalid`); the import runs as a job (201). */
  createImport: {
    params: companyParams,
    body: z.custom<{ rows: unknown[] }>(),
    response: z.object({ import: importAnswer }),
    status: 201,
    errors: upstream,
  },
  /** An import's progress; with `report=1` its per-row report too. */
  getImport: {
    params: importParams,
    query: z.object({ report: z.string().optional() }),
    response: z.object({ import: importAnswer, report: z.array(reportRowSchema).optional() }),
    errors: ["forbidden"],
  },
  pauseOrResumeImport: {
    params: importParams,
    body: z.object({ action: z.enum(["pause", "resume"]) }),
    response: z.object({ changed: z.boolean(), import: importAnswer }),
    errors: ["forbidden"],
  },
  /** Reads the service's health insurers and countries again. */
  refreshReferenceLists: {
    response: z.object({ counts: z.object({ insurers: z.number().int(), countries: z.number().int() }) }),
    errors: upstream,
  },
});
