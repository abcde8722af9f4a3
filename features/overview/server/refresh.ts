import "server-only";
import * as z from "zod/mini";
import { nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { checkEmployeeSchema } from "@/features/month-close/checks/schemas";
import { syncCompanies } from "@/features/payroll/connection/server/companies";
import { clientForConnection } from "@/features/payroll/connection/server/connection";
import { contactOutcomeOf, recordContactNow } from "@/features/payroll/connection/server/contact-health";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { recheckCompany, refreshCompany, refreshErrorText } from "./company-state";
import { staleStates, type StaleState } from "./input-stamps";
import { log } from "@/lib/log/logger";

/**
 * Keeping the overview's stored state fresh (run by the jobs of ./jobs.ts):
 * - `refreshConnection`: the connection's companies from the service (`GET /v1/companies`, which
 *   also moves each company's payroll month on), then each company's employees and checks, a few at
 *   a time; its contact health recorded at the end;
 * - `recheckStale`: the companies whose app-side inputs changed since their counts were computed,
 *   checked again with their stored employees (no call to the service);
 * - `dueConnections`: connections with a company never refreshed or not for `REFRESH_EVERY_MS` (the
 *   list of companies is read again with it; connecting reads it first).
 */

export const REFRESH_EVERY_MS = 15 * 60_000;
/** Companies refreshed at once per connection: the service's per-key budget is shared with people's calls. */
const CONCURRENCY = 4;
const STALE_BATCH = 200;

const storedEmployeesSchema = z.array(checkEmployeeSchema);

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface ConnectionRefresh {
  companies: number;
  failed: number;
  /** Why the connection could not be refreshed at all (its key, the service), else null. */
  error: string | null;
}

/** Refreshes every company of a connection; a disconnected one is skipped. */
export async function refreshConnection(connectionId: string): Promise<ConnectionRefresh> {
  let client: PayrollClient;
  try {
    client = await clientForConnection(connectionId);
  } catch {
    return { companies: 0, failed: 0, error: "not connected" };
  }
  let companies;
  try {
    companies = await syncCompanies(connectionId, client);
  } catch (error) {
    const message = refreshErrorText(error);
    // The companies stay as last read; each row says why they are not fresh.
    await getDb().payrollCompanyState.updateMany({
      where: { connectionId },
      data: { lastError: message, lastErrorAt: new Date(nowMs()) },
    });
    await recordContactNow(connectionId, contactOutcomeOf(error));
    return { companies: 0, failed: 0, error: message };
  }
  let failed = 0;
  await eachLimited(companies, CONCURRENCY, async (company) => {
    const error = await refreshCompany({ connectionId, companyId: company.id, period: company.current_month }, client);
    if (error) failed += 1;
  });
  await recordContactNow(connectionId);
  return { companies: companies.length, failed, error: null };
}

/** Checks stale counts again from the stored employees; returns how many were checked. */
export async function recheckStale(limit = STALE_BATCH): Promise<number> {
  return recheckStates(await staleStates(limit));
}

/**
 * Checks these companies again (their month changed): from their stored employees, or, for a
 * company whose employees were never read (its first refresh not run yet), by reading them from the
 * service now (one call). Skipping those left a month submitted, approved and transferred saying
 * "not checked yet" until the connection's next refresh, though each of those steps had run the checks.
 */
export async function recheckCompanies(
  companies: readonly { connectionId: string; companyId: number }[],
): Promise<number> {
  if (companies.length === 0) return 0;
  const rows = await getDb().payrollCompany.findMany({
    where: {
      OR: companies.map(({ connectionId, companyId }) => ({ connectionId, companyId })),
      connection: { apiKeyEncrypted: { not: null } },
    },
    select: { connectionId: true, companyId: true, currentMonth: true, state: { select: { employees: true } } },
  });
  const states = rows.map((row) => ({
    connectionId: row.connectionId,
    companyId: row.companyId,
    period: row.currentMonth,
    employees: row.state?.employees ?? null,
  }));
  return recheckStates(states);
}

async function recheckStates(states: readonly StaleState[]): Promise<number> {
  const clients = new Map<string, Promise<PayrollClient | null>>();
  const clientOf = (connectionId: string) => {
    let client = clients.get(connectionId);
    if (!client) clients.set(connectionId, (client = clientForConnection(connectionId).catch(() => null)));
    return client;
  };
  let checked = 0;
  await eachLimited(states, CONCURRENCY, async (state) => {
    const client = await clientOf(state.connectionId);
    if (!client) return;
    const key = { connectionId: state.connectionId, companyId: state.companyId, period: state.period };
    if (state.employees === null) {
      // Never read: read the company now (its error, if any, is stored for the row to show).
      if (!(await refreshCompany(key, client))) checked += 1;
      return;
    }
    const employees = storedEmployeesSchema.safeParse(state.employees);
    if (!employees.success) {
      log.error(
        { companyId: state.companyId, connectionId: state.connectionId },
        "overview: stored employees unreadable; refreshed at the next full refresh",
      );
      return;
    }
    try {
      await recheckCompany(key, client, employees.data);
      checked += 1;
    } catch (error) {
      log.error(
        { companyId: state.companyId, error: refreshErrorText(error) },
        "overview: checking a company again failed",
      );
    }
  });
  return checked;
}

/** Connected connections with a company never refreshed, or none refreshed within `REFRESH_EVERY_MS`. */
export async function dueConnections(): Promise<string[]> {
  const before = new Date(nowMs() - REFRESH_EVERY_MS);
  const rows = await getDb().$queryRaw<{ id: string }[]>`
    SELECT pc.id::text AS id FROM payroll_connections pc
    WHERE pc.api_key_encrypted IS NOT NULL AND EXISTS (
      SELECT 1 FROM payroll_companies c LEFT JOIN payroll_company_states st
        ON st.connection_id = c.connection_id AND st.company_id = c.company_id
      WHERE c.connection_id = pc.id AND (st.refreshed_at IS NULL OR st.refreshed_at < ${before})
        AND (st.last_error_at IS NULL OR st.last_error_at < ${before}))`;
  return rows.map((row) => row.id);
}

/** Tests: every connected connection refreshed now, one after the other (`POST /api/test/jobs/overview-refresh`). */
export async function refreshAllNow(): Promise<ConnectionRefresh[]> {
  const rows = await getDb().payrollConnection.findMany({
    where: { apiKeyEncrypted: { not: null } },
    select: { id: true },
  });
  const results: ConnectionRefresh[] = [];
  for (const row of rows) results.push(await refreshConnection(row.id));
  return results;
}
