import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { sessionUserFromRequest } from "@/lib/auth/session";
import { appOriginsFor, isSameOriginRequest } from "@/lib/http/origin-check";
import { BaseUrlNotAllowedError, connectPayroll, connectSchema, disconnectPayroll } from "./connection";
import { deleteDraft, draftSchema, saveDraft } from "./drafts";
import { createEmployeeFromForm } from "./employees";
import { PayrollUnauthorizedError } from "./errors";
import { createImport, importProgress, importReport, setImportPaused } from "./import/imports";
import { startImport } from "./jobs";
import { refreshReferenceLists } from "./reference-lists";
import { companyFromParam, failure, failureFromError, json, readJson, withPayroll } from "./route-helpers";

/** The handlers behind `app/api/payroll/**` (the route files only pass requests on). */

export async function postConnection(request: NextRequest): Promise<Response> {
  if (!isSameOriginRequest(request.headers, appOriginsFor(request.url, process.env.NEXTAUTH_URL))) {
    return failure(403, "cross_site_request", "Cross-site requests may not change anything.");
  }
  const user = await sessionUserFromRequest(request);
  if (!user) return failure(401, "not_signed_in", "Sign in first.");
  try {
    const parsed = connectSchema.safeParse(await readJson(request, 4096));
    if (!parsed.success) return failure(422, "invalid", "The data is not valid.", { fields: fieldsOf(parsed.error) });
    const connection = await connectPayroll(user.id, parsed.data);
    return json(200, { connection: { username: connection.username, baseUrl: connection.baseUrl } });
  } catch (error) {
    if (error instanceof BaseUrlNotAllowedError) return failure(422, "invalid", error.message, { fields: { baseUrl: "baseUrlNotAllowed" } });
    if (error instanceof PayrollUnauthorizedError) return failure(422, "key_refused", error.message, { fields: { apiKey: "keyRefused" } });
    return failureFromError(error);
  }
}

export async function deleteConnection(request: NextRequest): Promise<Response> {
  if (!isSameOriginRequest(request.headers, appOriginsFor(request.url, process.env.NEXTAUTH_URL))) {
    return failure(403, "cross_site_request", "Cross-site requests may not change anything.");
  }
  const user = await sessionUserFromRequest(request);
  if (!user) return failure(401, "not_signed_in", "Sign in first.");
  return json(200, { disconnected: await disconnectPayroll(user.id) });
}

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
  return fields;
}

export function listEmployees(request: NextRequest, companyId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const company = await companyFromParam(context, companyId);
    return json(200, { employees: await context.client.listEmployees(company.id) });
  });
}

export function postEmployee(request: NextRequest, companyId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const company = await companyFromParam(context, companyId);
    const body = await readJson(request, 16_384);
    const result = await createEmployeeFromForm(context.client, company, body);
    if (!result.ok) return failure(422, result.code, result.message ?? "The data is not valid.", { fields: result.fields });
    await deleteDraft(context.connection.id, company.id);
    return json(201, { employee: result.employee });
  });
}

export function putDraft(request: NextRequest, companyId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const company = await companyFromParam(context, companyId);
    const parsed = draftSchema.safeParse(await readJson(request, 16_384));
    if (!parsed.success) return failure(422, "invalid", "The draft is not valid.");
    await saveDraft(context.connection.id, company.id, parsed.data);
    return json(200, { saved: true });
  });
}

export function deleteDraftRoute(request: NextRequest, companyId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const company = await companyFromParam(context, companyId);
    await deleteDraft(context.connection.id, company.id);
    return json(200, { deleted: true });
  });
}

export function postImport(request: NextRequest, companyId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const company = await companyFromParam(context, companyId);
    const body = await readJson(request, 8 * 1024 * 1024);
    let id: string;
    try {
      id = await createImport(context.connection.id, company, context.client, body as never);
    } catch (error) {
      if (error instanceof z.ZodError) return failure(422, "invalid", "The rows are not valid.");
      throw error;
    }
    await startImport(id);
    return json(201, { import: await importProgress(context.connection.id, id) });
  });
}

export function getImport(request: NextRequest, importId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const progress = await importProgress(context.connection.id, importId);
    if (!progress) return failure(404, "not_found", "There is no such import.");
    const wantReport = request.nextUrl.searchParams.get("report") === "1";
    return json(200, { import: progress, ...(wantReport ? { report: await importReport(context.connection.id, importId) } : {}) });
  });
}

const importActionSchema = z.object({ action: z.enum(["pause", "resume"]) });

export function postImportAction(request: NextRequest, importId: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const parsed = importActionSchema.safeParse(await readJson(request, 1024));
    if (!parsed.success) return failure(422, "invalid", "Send {\"action\": \"pause\"} or {\"action\": \"resume\"}.");
    if (!(await importProgress(context.connection.id, importId))) return failure(404, "not_found", "There is no such import.");
    const changed = await setImportPaused(context.connection.id, importId, parsed.data.action === "pause");
    if (changed && parsed.data.action === "resume") await startImport(importId);
    return json(200, { changed, import: await importProgress(context.connection.id, importId) });
  });
}

export function postReferenceListsRefresh(request: NextRequest): Promise<Response> {
  return withPayroll(request, async (context) => json(200, { counts: await refreshReferenceLists(context.client) }));
}
