import "server-only";
import { upstreamRequest } from "@/lib/http/server/upstream";
import type { EntryKind } from "@/features/payroll/entries/kinds";

/**
 * What the payroll service holds of a company's current month, for "Check transfer". The spec
 * shows no read operation for transferred hours or payments; the sandbox answers them below its
 * control URL (`/control/payroll/companies/{id}/hourly_compensations` and `/further_payments`,
 * next to its `/payroll` base URL). Against any other service this answers null: the check
 * cannot tell, the month stays Transfer unclear and a person may send it again.
 */
export async function storedAtService(baseUrl: string, companyId: number, kind: EntryKind): Promise<unknown[] | null> {
  const url = new URL(baseUrl);
  if (!/\/payroll\/?$/.test(url.pathname)) return null;
  const path = url.pathname.replace(/\/payroll\/?$/, "/control/payroll");
  const resource = kind === "hours" ? "hourly_compensations" : "further_payments";
  try {
    const response = await upstreamRequest({
      method: "GET",
      url: `${url.origin}${path}/companies/${companyId}/${resource}`,
      headers: { accept: "application/json" },
      timeoutMs: 10_000,
    });
    if (response.status !== 200) return null;
    const data: unknown = JSON.parse(response.text);
    return Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === "number" || typeof a === "string") && (typeof b === "number" || typeof b === "string")) {
    const x = Number(a);
    const y = Number(b);
    return String(a).trim() !== "" && String(b).trim() !== "" && Number.isFinite(x) && x === y;
  }
  return false;
}

/** Whether the service holds exactly what was sent: same number of entries, each with every field sent (numbers compared as numbers). */
export function holdsExactly(stored: readonly unknown[], sent: readonly Record<string, unknown>[]): boolean {
  if (stored.length !== sent.length) return false;
  return sent.every((entry, index) => {
    const held = stored[index] as Record<string, unknown> | null | undefined;
    return (
      held !== null && typeof held === "object" && Object.entries(entry).every(([key, value]) => same(value, held[key]))
    );
  });
}

/** Whether a stored entry holds every field of a sent one. */
function holds(held: unknown, entry: Record<string, unknown>): boolean {
  return (
    held !== null &&
    typeof held === "object" &&
    Object.entries(entry).every(([key, value]) => same(value, (held as Record<string, unknown>)[key]))
  );
}

/**
 * What differs between what was sent and what the service holds, order aside: sent entries it
 * lacks (`missing`) and held entries nobody sent (`unexpected`); both 0 when it holds exactly that.
 */
export function differenceOf(
  stored: readonly unknown[],
  sent: readonly Record<string, unknown>[],
): { sent: number; held: number; missing: number; unexpected: number } {
  const left = [...stored];
  let missing = 0;
  for (const entry of sent) {
    const index = left.findIndex((held) => holds(held, entry));
    if (index === -1) missing += 1;
    else left.splice(index, 1);
  }
  return { sent: sent.length, held: stored.length, missing, unexpected: left.length };
}
