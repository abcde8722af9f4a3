import { z } from "zod";

/** What `GET /api/audit/verify` answers (lib/audit/chain/server/verify.ts `VerifyReport`, without the workspace). */
export const verifyReportSchema = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  pending: z.number().int(),
  firstBreak: z
    .object({
      problem: z.enum(["changed", "removed", "inserted", "moved", "reformatted"]),
      /** The position in the chain; 0 for an entry that never joined it. */
      seq: z.number().int(),
      entryId: z.string().nullable(),
      occurredAt: z.string().nullable(),
    })
    .nullable(),
  checkpoints: z.object({
    checked: z.number().int(),
    invalid: z.number().int(),
    latest: z.object({ count: z.number().int(), signedAt: z.string() }).nullable(),
  }),
});
export type VerifyReportBody = z.infer<typeof verifyReportSchema>;
