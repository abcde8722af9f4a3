import { z } from "zod";

/** The month close's inputs, shared by the page's controls and the routes (browser-safe). */
export const REOPEN_REASON_MAX_LENGTH = 500;

export const monthCloseBodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["submit", "withdraw", "approve", "transfer", "check"]), period: z.string().regex(/^\d{4}-\d{2}$/) }).strict(),
  z
    .object({
      action: z.literal("reopen"),
      period: z.string().regex(/^\d{4}-\d{2}$/),
      reason: z.string().trim().min(1, "required").max(REOPEN_REASON_MAX_LENGTH, "tooLong"),
    })
    .strict(),
]);

export const fourEyesBodySchema = z.object({ enabled: z.boolean().nullable() }).strict();

/** A warning's acknowledgement: the comment is required (why the warning is fine this month). */
export const ACKNOWLEDGE_COMMENT_MAX_LENGTH = 1000;

export const acknowledgeBodySchema = z
  .object({
    period: z.string().regex(/^\d{4}-\d{2}$/),
    warningId: z.string().min(1).max(500),
    comment: z.string().trim().min(1, "required").max(ACKNOWLEDGE_COMMENT_MAX_LENGTH, "tooLong"),
  })
  .strict();
