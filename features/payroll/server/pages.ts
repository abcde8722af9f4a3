import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PAGE_UPSTREAM_BUDGET_MS } from "@/lib/http/deadline";
import { ApiError } from "@/lib/http/api-error";
import { UpstreamError } from "@/lib/http/upstream-error";
import { getSessionUser, type SessionUser } from "@/lib/auth/server/session";
import type { PayrollClient } from "../upstream/server/payroll-service";
import { requireCompany, type CompanyRecord } from "../connection/server/companies";
import { payrollActor, payrollFor } from "./access";
import type { PayrollConnectionInfo } from "../connection/server/connection";
import { PayrollCompanyNotReachableError, PayrollNetworkError, PayrollNotConnectedError } from "../errors";
import { ensureReferenceLists } from "../employees/server/reference-lists";
import type { OwnPermission } from "@/features/workspaces/permissions";
import { log } from "@/lib/log/logger";

export type PayrollPageState =
  | { kind: "signed_out" }
  | { kind: "not_connected"; user: SessionUser }
  | { kind: "ambiguous"; user: SessionUser }
  | { kind: "ready"; user: SessionUser; connection: PayrollConnectionInfo; client: PayrollClient };

/**
 * All payroll calls of one page render share one deadline (PAGE_UPSTREAM_BUDGET_MS), tries and
 * waits together; the shell streams at once (PayrollSuspense in the pages).
 */
/**
 * The signed-in person's payroll state for this render (once per render and company: `cache`),
 * its client bounded by the render's deadline: the connection of their active workspace that
 * reaches `companyId` (a company page), else the one they chose on /payroll (features/payroll/server/access.ts).
 * Pages read; what a person may change besides is `can(user.workspace.roles, …)`. `own` opens the
 * page to the firm's clients for their own companies (the grids); a client is shown 404 elsewhere.
 */
export const payrollPageState = cache(async (companyId?: string, own?: OwnPermission): Promise<PayrollPageState> => {
  const user = await getSessionUser();
  if (!user) return { kind: "signed_out" };
  try {
    const { connection, client } = await payrollFor(payrollActor(user), "payroll.read", { companyId }, own);
    return { kind: "ready", user, connection, client: client.boundedBy(Date.now() + PAGE_UPSTREAM_BUDGET_MS) };
  } catch (error) {
    if (error instanceof PayrollNotConnectedError) return { kind: "not_connected", user };
    // Two connections reach the company and the person chose neither: /payroll offers the choice.
    if (error instanceof ApiError && error.code === "conflict") return { kind: "ambiguous", user };
    // A client asking for what is not theirs (features/payroll/server/access.ts): nothing to learn here.
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
});

/** The company a page's URL names, or null when the connection does not reach it (checked before any call). */
export async function companyForPage(
  state: Extract<PayrollPageState, { kind: "ready" }>,
  companyId: string,
): Promise<CompanyRecord | null> {
  if (!/^\d{1,9}$/.test(companyId)) return null;
  try {
    return await requireCompany(state.connection.id, Number(companyId), state.client);
  } catch (error) {
    if (error instanceof PayrollCompanyNotReachableError) return null;
    throw error;
  }
}

/** Reference lists for a page: downloaded when missing or a month old; a failed download is not fatal. */
export async function referenceListsReady(client: PayrollClient): Promise<boolean> {
  try {
    await ensureReferenceLists(client);
    return true;
  } catch (error) {
    log.warn({ err: error }, "payroll: reference lists not refreshed");
    return false;
  }
}

/** What a page says when a payroll call failed: an envelope code, or `not_answering` (timed out). */
export type PayrollPageProblem = UpstreamError["apiCode"] | "not_answering" | "generic";

/** Runs a call for a page; a payroll failure becomes a message instead of an error page. */
export async function attemptPayroll<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: PayrollPageProblem }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof PayrollNetworkError && error.timedOut) return { ok: false, code: "not_answering" };
    if (error instanceof UpstreamError) return { ok: false, code: error.apiCode };
    log.error({ err: error }, "payroll: page call failed");
    return { ok: false, code: "generic" };
  }
}
