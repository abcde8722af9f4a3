import "server-only";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import type { PayrollClient } from "./client";
import { requireCompany, type CompanyRecord } from "./companies";
import { payrollFor, type PayrollConnectionInfo } from "./connection";
import { PayrollCompanyNotReachableError, PayrollNotConnectedError } from "./errors";
import { ensureReferenceLists } from "./reference-lists";

export type PayrollPageState =
  | { kind: "signed_out" }
  | { kind: "not_connected"; user: SessionUser }
  | { kind: "ready"; user: SessionUser; connection: PayrollConnectionInfo; client: PayrollClient };

export async function payrollPageState(): Promise<PayrollPageState> {
  const user = await getSessionUser();
  if (!user) return { kind: "signed_out" };
  try {
    const { connection, client } = await payrollFor(user.id);
    return { kind: "ready", user, connection, client };
  } catch (error) {
    if (error instanceof PayrollNotConnectedError) return { kind: "not_connected", user };
    throw error;
  }
}

/** The company a page's URL names, or null when the connection does not reach it (checked before any call). */
export async function companyForPage(state: Extract<PayrollPageState, { kind: "ready" }>, companyId: string): Promise<CompanyRecord | null> {
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
    console.warn(`payroll: reference lists not refreshed (${(error as Error).message})`);
    return false;
  }
}

/** Runs a call for a page; a payroll failure becomes a message instead of an error page. */
export async function attemptPayroll<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const name = (error as Error).name;
    const code =
      name === "PayrollUnauthorizedError" ? "key_refused" : name === "PayrollNetworkError" ? "upstream_unreachable" : name === "PayrollUnavailableError" ? "unavailable" : "generic";
    if (code === "generic") console.error(`payroll: page call failed (${name}: ${(error as Error).message})`);
    return { ok: false, code };
  }
}
