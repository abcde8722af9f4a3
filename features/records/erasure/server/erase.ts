import "server-only";
import { recordAudit } from "@/lib/audit/server/record";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log/logger";
import { eraseAfterFor } from "./erase-after";
import { cachedNames, nameForms, purgeEmployee } from "./purge";

const asDate = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);

/**
 * The nightly erasure (docs/erasure.md): for every restricted employee, the end of the retention
 * is computed again (an owner may have lengthened a period, or entered the company's last social
 * insurance audit); once it has passed (the Berlin day after `erase_after`), their personal data
 * outside append-only rows is deleted or pseudonymised (./purge.ts) and the request marked erased,
 * with an audit entry by the system, in one transaction per employee. Idempotent.
 */
export async function runErasure(): Promise<{ erased: number; restricted: number }> {
  const db = getDb();
  const today = berlinToday(now());
  const pending = await db.erasureRequest.findMany({ where: { state: "restricted" }, orderBy: { requestedAt: "asc" } });
  let erased = 0;
  for (const request of pending) {
    const key = {
      workspaceId: request.workspaceId,
      connectionId: request.connectionId,
      companyId: request.companyId,
      employeeId: request.employeeId,
    };
    const eraseAfter = await eraseAfterFor(key, berlinToday(request.requestedAt));
    if (eraseAfter === null || eraseAfter >= today) {
      if ((request.eraseAfter?.toISOString().slice(0, 10) ?? null) !== eraseAfter)
        await db.erasureRequest.update({ where: { id: request.id }, data: { eraseAfter: asDate(eraseAfter) } });
      continue;
    }
    try {
      await db.$transaction(async (tx) => {
        const forms = nameForms(await cachedNames(tx, key));
        const counts = await purgeEmployee(tx, key, forms);
        await tx.erasureRequest.update({
          where: { id: request.id },
          data: {
            state: "erased",
            erasedAt: now(),
            eraseAfter: asDate(eraseAfter),
            erased: counts as Prisma.InputJsonObject,
          },
        });
        await recordAudit(
          tx,
          { workspaceId: request.workspaceId, userId: null, name: null },
          {
            kind: "employee.erased",
            companyId: request.companyId,
            subjectId: String(request.employeeId),
            details: { employeeId: request.employeeId, requestId: request.id, erased: counts },
          },
        );
      });
      erased += 1;
    } catch (error) {
      // One employee's failure does not stop the others; the next night tries again.
      log.error({ err: error, requestId: request.id }, "erasure: an employee not erased");
    }
  }
  return { erased, restricted: pending.length - erased };
}
