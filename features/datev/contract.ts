import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { companyDatevInputSchema, employeeDatevInputSchema, workspaceWageTypesInputSchema } from "./settings/schemas";
import { datevRoutes } from "./routes";

/**
 * The DATEV routes (lib/http/contract.ts): a month's export (POST makes it, GET answers the stored
 * file), its preview, and the settings. Handlers: ./server/handlers.ts; the browser: ./client/api.ts.
 */

const companyParams = z.object({ companyId: z.string() });
const monthQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month") });
const downloadQuerySchema = monthQuerySchema.extend({ part: z.enum(["file", "description"]).default("file") });

const mappingSchema = z.object({
  wageTypeNumber: z.number().int().nullable(),
  processingKey: z.number().int(),
  carries: z.enum(["hours", "amount", "count"]),
});
const companyDatevSettingsSchema = z.object({
  consultantNumber: z.number().int().nullable(),
  clientNumber: z.number().int().nullable(),
  program: z.enum(["lodas", "lug"]),
  target: z.enum(["payroll_service", "datev"]),
  wageTypes: z.record(z.string(), mappingSchema),
});

/** A problem of the trial run: its code and what its text names (features/datev/export/plan.ts). */
const problemSchema = z.looseObject({ code: z.string() });

const previewSchema = z.object({
  target: z.enum(["payroll_service", "datev"]),
  program: z.enum(["lodas", "lug"]),
  fileName: z.string(),
  /** An export of this month exists: a new one is a correction (LODAS would import both). */
  earlierExport: z.object({ createdAt: z.string(), sha256: z.string() }).nullable(),
  problems: z.array(problemSchema),
  employees: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      personnelNumber: z.number().int().nullable(),
      hours: z.number().int(),
      payments: z.number().int(),
    }),
  ),
  lineCount: z.number().int(),
});

const exportErrors = ["month_state", "reauthentication_required", "unknown_company"] as const;

export const datevContract = defineContract(datevRoutes, {
  /** Makes, stores and answers the month's file's facts; the month is then Transferred with target `datev` (201). */
  exportMonth: {
    params: companyParams,
    query: monthQuerySchema,
    response: z.object({
      exportId: z.string(),
      round: z.number().int(),
      program: z.string(),
      fileName: z.string(),
      sha256: z.string(),
      lineCount: z.number().int(),
      correction: z.boolean(),
      state: z.literal("transferred"),
    }),
    status: 201,
    errors: exportErrors,
    errorExtras: { invalid: z.object({ problems: z.array(problemSchema) }) },
  },
  /** The stored file, byte for byte (409 `conflict` when none was made). */
  /** `part=description`: a Lohn und Gehalt export's format description (409 for a LODAS export). */
  download: { params: companyParams, query: downloadQuerySchema, errors: ["conflict", "unknown_company"] },
  preview: { params: companyParams, query: monthQuerySchema, response: previewSchema, errors: ["unknown_company"] },
  getSettings: {
    params: companyParams,
    response: z.object({ settings: companyDatevSettingsSchema }),
    errors: ["unknown_company"],
  },
  setSettings: {
    params: companyParams,
    body: companyDatevInputSchema,
    response: z.object({ settings: companyDatevSettingsSchema }),
    errors: ["month_state", "unknown_company"],
  },
  setEmployee: {
    params: z.object({ companyId: z.string(), employeeId: z.string().regex(/^\d{1,9}$/) }),
    body: employeeDatevInputSchema,
    response: z.object({ employeeId: z.number().int(), personnelNumber: z.number().int() }),
    errors: ["unknown_company"],
  },
  setWorkspaceWageTypes: {
    params: workspaceParamsSchema,
    body: workspaceWageTypesInputSchema,
    response: z.object({ wageTypes: z.record(z.string(), mappingSchema) }),
    errors: ["forbidden"],
  },
});
