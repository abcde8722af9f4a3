import "server-only";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { fileImportContract as contract, MAX_FILE_BASE64 } from "../contract";
import { FileImportRefusal } from "../limits";
import { hasKnownHeader } from "../mapping";
import { rememberedMapping, rememberMapping } from "./mappings";
import { readImportTable } from "./read-table";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/payroll/companies/[companyId]/entries/[kind]/file-import/**`. The
 * company is checked against the person's connection before the file is read (companyFromParam); a file
 * the import cannot take answers 422 `invalid` with `reason` (features/payroll/entries/file-import/limits.ts).
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const postImportFile = payrollRoute(
  { ...contract.readFile, permission: "payroll.edit", own: "payroll.enter_own", maxBodyBytes: MAX_FILE_BASE64 + 4096 },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    const { fileName, content } = context.body;
    try {
      if (!BASE64.test(content)) throw new FileImportRefusal("not_spreadsheet");
      const table = await readImportTable(fileName, new Uint8Array(Buffer.from(content, "base64")));
      const remembered = await rememberedMapping(context.connection.id, company.id, kind);
      if (!hasKnownHeader(table.headers, kind, remembered)) throw new FileImportRefusal("no_known_column");
      return successResponse({ table, remembered });
    } catch (error) {
      if (error instanceof FileImportRefusal)
        throw new ApiError("invalid", error.message, { extra: { reason: error.reason } });
      throw error;
    }
  },
);

export const putImportMapping = payrollRoute(
  { ...contract.rememberMapping, permission: "payroll.edit", own: "payroll.enter_own", maxBodyBytes: 64 * 1024 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    await rememberMapping(context.connection.id, company.id, context.params.kind, context.body.mapping);
    return successResponse({ remembered: true as const });
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const fileImportHandlers = {
  readFile: postImportFile,
  rememberMapping: putImportMapping,
} satisfies RouteHandlers<typeof contract>;
