import { z } from "zod";

/** A sealed version as the month's `Versions` show it (./server/versions.ts); the route answers the same. */
export const sealedVersionViewSchema = z.object({
  id: z.string(),
  period: z.string(),
  version: z.int(),
  /** Hex SHA-256 of the canonical snapshot. */
  hash: z.string(),
  /** Whether the stored content still hashes to `hash`. */
  intact: z.boolean(),
  /** ISO time. */
  sealedAt: z.string(),
  /** The approver's name as it is now (null: sealed at migration, or the person is gone). */
  sealedBy: z.string().nullable(),
  sealedAtMigration: z.boolean(),
  /** The reopening's reason before this version (null: a first approval); `text` null: erased or not matching. */
  reason: z.object({ text: z.string().nullable() }).nullable(),
  /** What changed from the version before, per employee (null: the month's first version). */
  changes: z
    .array(
      z.object({
        employeeId: z.int(),
        lines: z.array(
          z.object({
            kind: z.enum(["hours", "payments"]),
            lineId: z.string(),
            change: z.enum(["added", "removed", "changed"]),
            values: z.record(z.string(), z.string()),
            fields: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
          }),
        ),
      }),
    )
    .nullable(),
});
export type SealedVersionView = z.infer<typeof sealedVersionViewSchema>;
