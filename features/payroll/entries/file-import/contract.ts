import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { ENTRY_KINDS } from "../kinds";
import { IMPORT_REFUSALS, MAX_IMPORT_BYTES } from "./limits";
import { columnMappingSchema } from "./mapping";

/**
 * The grid's file import (a time-tracking tool's CSV or XLSX into the hours or payments grid):
 * the server reads the file (exceljs stays off the grid page) and answers its table with the
 * company's remembered mapping; the browser maps, matches, checks and applies into the grid's
 * draft. Handlers: ./server/handlers.ts.
 */

const importParams = z.object({ companyId: z.string(), kind: z.enum(ENTRY_KINDS) });

/** The file's bytes as base64 (a JSON body like every route's): 4 MB of file at most. */
export const MAX_FILE_BASE64 = Math.ceil(MAX_IMPORT_BYTES / 3) * 4;

const tableSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowNumbers: z.array(z.number().int()),
  localeHint: z.enum(["en", "de"]),
});

export const fileImportContract = defineContract({
  /** Reads a CSV or XLSX; 422 `invalid` with `reason` when it cannot be imported. */
  readFile: {
    method: "POST",
    path: "/api/payroll-entries/:companyId/:kind/file-import",
    params: importParams,
    body: z.object({
      fileName: z.string().max(255),
      content: z.string().max(MAX_FILE_BASE64, "The file is larger than 4 MB."),
    }),
    response: z.object({ table: tableSchema, remembered: columnMappingSchema.nullable() }),
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable"],
    errorExtras: { invalid: z.object({ reason: z.enum(IMPORT_REFUSALS).optional() }) },
  },
  /** Remembers the company's mapping for this grid: the next file of the same tool is not mapped again. */
  rememberMapping: {
    method: "PUT",
    path: "/api/payroll-entries/:companyId/:kind/file-import/mapping",
    params: importParams,
    body: z.object({ mapping: columnMappingSchema }),
    response: z.object({ remembered: z.literal(true) }),
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable"],
  },
});
