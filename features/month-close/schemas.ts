import { z } from "zod";
import { visibleTextSchema } from "@/lib/http/visible-text";

/** The month close's inputs, shared by the page's controls and the routes (browser-safe). */
export const REOPEN_REASON_MAX_LENGTH = 500;
/** Why a month is reopened: required, with visible characters (codes `required`, `invisible`, `tooLong`). */
export const reopenReasonSchema = visibleTextSchema(REOPEN_REASON_MAX_LENGTH);

/** Why the firm sends a handed-in month back to its client: required, visible, at most 500 characters (shown to the client). */
export const SEND_BACK_REASON_MAX_LENGTH = 500;
export const sendBackReasonSchema = visibleTextSchema(SEND_BACK_REASON_MAX_LENGTH);

export const monthCloseBodySchema = z.discriminatedUnion("action", [
  z
    .object({
      action: z.enum(["hand_in", "submit", "withdraw", "approve", "transfer", "check"]),
      period: z.string().regex(/^\d{4}-\d{2}$/),
    })
    .strict(),
  z
    .object({
      action: z.literal("send_back"),
      period: z.string().regex(/^\d{4}-\d{2}$/),
      reason: sendBackReasonSchema,
    })
    .strict(),
  z
    .object({
      action: z.literal("reopen"),
      period: z.string().regex(/^\d{4}-\d{2}$/),
      reason: reopenReasonSchema,
    })
    .strict(),
]);

export type MonthCloseBody = z.input<typeof monthCloseBodySchema>;

export const fourEyesBodySchema = z.object({ enabled: z.boolean().nullable() }).strict();

/** A warning's acknowledgement: the comment is required (why the warning is fine this month). */
export const ACKNOWLEDGE_COMMENT_MAX_LENGTH = 1000;
/** Warnings acknowledged at once with one comment (all of a rule: "no line this month" for a large company). */
export const ACKNOWLEDGE_MAX_WARNINGS = 10_000;
const WARNING_ID_MAX_LENGTH = 500;
/** The route's body limit: the longest list of the longest ids, quoted, and the rest. */
export const ACKNOWLEDGE_MAX_BODY_BYTES = ACKNOWLEDGE_MAX_WARNINGS * (WARNING_ID_MAX_LENGTH + 3) + 8192;

export const acknowledgeBodySchema = z
  .object({
    period: z.string().regex(/^\d{4}-\d{2}$/),
    warningIds: z
      .array(z.string().min(1).max(WARNING_ID_MAX_LENGTH))
      .min(1, "count")
      .max(ACKNOWLEDGE_MAX_WARNINGS, "count"),
    comment: visibleTextSchema(ACKNOWLEDGE_COMMENT_MAX_LENGTH),
  })
  .strict();
