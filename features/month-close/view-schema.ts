import { z } from "zod";
import { MONTH_STATES } from "@/features/payroll/month-lock/states";

/**
 * What the pages need to know about a month's close, as the month close's routes answer it. Dates
 * as ISO strings (formatted in the browser's locale). Server and contract only: the page reads the
 * type (features/month-close/states.ts), not the schema.
 */

/**
 * What a re-read (or Check transfer) found the service holding, per kind sent: lines sent that the
 * service lacks (`missing`) and lines it holds that were not sent (`unexpected`); a kind with
 * neither is held as sent. `notSent`: the kinds the last Transfer never sent (it stopped before
 * them). `checked`: found by Check transfer rather than a re-read.
 */
const transferDifferenceSchema = z.object({
  readAt: z.string(),
  afterMinutes: z.number(),
  notSent: z.array(z.enum(["hours", "payments"])).optional(),
  checked: z.boolean().optional(),
  kinds: z.array(
    z.object({
      kind: z.enum(["hours", "payments"]),
      sent: z.number().int(),
      held: z.number().int(),
      missing: z.number().int(),
      unexpected: z.number().int(),
    }),
  ),
});
export type TransferDifference = z.infer<typeof transferDifferenceSchema>;

export const monthCloseViewSchema = z.object({
  companyId: z.number().int(),
  period: z.string(),
  state: z.enum(MONTH_STATES),
  round: z.number().int(),
  submittedBy: z.string().nullable(),
  submittedById: z.string().nullable(),
  submittedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The client who handed the month in, and when (kept after a submit: the reviewer's summary says whose month it was). */
  handedInBy: z.string().nullable(),
  handedInAt: z.string().nullable(),
  /** The firm's last send-back: why (shown to the client), who, when; cleared when the client hands the month in again. */
  sentBackReason: z.string().nullable(),
  sentBackBy: z.string().nullable(),
  sentBackAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  transferredAt: z.string().nullable(),
  lastTransferMessage: z.string().nullable(),
  /** The four-eyes rule of this round: the one in force at submission while it is in review, else the workspace's now. */
  fourEyes: z.boolean(),
  /**
   * A Transfer whose holder is alive (heartbeat within 30 s): when it started, by whom, its last
   * heartbeat, and from when it may be checked if that stops. Transfer and Check wait for it.
   */
  transferUnderWay: z
    .object({
      startedAt: z.string(),
      startedBy: z.string().nullable(),
      heartbeatAt: z.string(),
      checkableFrom: z.string(),
    })
    .nullable(),
  /** A Transfer whose holder stopped (heartbeat older than 30 s: its process ended): what is known of it. */
  transferStopped: z
    .object({ startedAt: z.string(), startedBy: z.string().nullable(), heartbeatAt: z.string() })
    .nullable(),
  /** The 10-minute re-read of the last transfer not done yet: no new Transfer before it (its due time). */
  rereadDueAt: z.string().nullable(),
  /** What a re-read or Check found the service holding (features/month-close/transfer-finding.ts says what it means). */
  transferDifference: transferDifferenceSchema.nullable(),
});
export type MonthCloseView = z.infer<typeof monthCloseViewSchema>;
