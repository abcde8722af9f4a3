import { createHash, randomBytes } from "node:crypto";
import * as z from "zod/mini";
import { storedLineSchema } from "@/features/payroll/entries/schemas";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import { canonicalHash } from "./canonical";

/**
 * A sealed month's content (docs/adr/0260-sealed-months.md): pure, shared by the app's approval
 * (./server/seal.ts) and the migration step that seals months approved before sealing existed
 * (scripts/db/seal-existing-months.ts), so both produce the same canonical form and hash.
 *
 * No personal field is inside it: employees and staff by id only (names are read where they live
 * when shown), free text (a reopening's reason, an acknowledgement's comment) by a salted digest
 * whose text and salt are kept beside it (`sealed_month_texts`), so a later erasure can delete the
 * text without touching the sealed row or its hash.
 */

export const SNAPSHOT_FORMAT = "ledgerlane.sealed-month/1";

const textRefSchema = z.strictObject({ ref: z.string(), sha256: z.string() });
/** A free text by reference: `sha256` is the hex SHA-256 of `<salt>:<text>` (salt and text in `sealed_month_texts`). */
export type SealedTextRef = z.infer<typeof textRefSchema>;

/** The snapshot as stored; reading a sealed row parses it (./server/read-sealed-month.ts), never casts. */
export const monthSnapshotSchema = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT),
  companyId: z.number(),
  period: z.string(),
  version: z.number(),
  round: z.number(),
  /** Both kinds' lines as approved: per line its grid id, the employee's id and each field (type, values, date, cost centre…). */
  lines: z.strictObject({ hours: z.array(storedLineSchema), payments: z.array(storedLineSchema) }),
  /** The checks' findings at approval (rule, employee id, line, params); null: not known (sealed at migration). */
  findings: z.nullable(z.array(z.custom<object>((value) => typeof value === "object" && value !== null))),
  /** The round's acknowledgements: which warning, who (id), when, and the comment by reference. */
  acknowledgements: z.array(
    z.strictObject({ warningId: z.string(), userId: z.nullable(z.string()), at: z.string(), comment: textRefSchema }),
  ),
  /** The submission and approval round, with the four-eyes rule it was approved under (null: not recorded). */
  review: z.strictObject({
    handedInById: z.nullable(z.string()),
    handedInAt: z.nullable(z.string()),
    submittedById: z.nullable(z.string()),
    submittedAt: z.nullable(z.string()),
    approvedById: z.nullable(z.string()),
    approvedAt: z.nullable(z.string()),
    fourEyes: z.nullable(z.boolean()),
  }),
  /** Why the month was reopened before this approval (versions after the first). */
  reopening: z.nullable(z.strictObject({ reason: textRefSchema, at: z.nullable(z.string()) })),
  /** Sealed by the migration from the frozen drafts, not at an approval. */
  sealedAtMigration: z.boolean(),
}) satisfies z.ZodMiniType<{ lines: Record<EntryKind, StoredLine[]> }>;

export type MonthSnapshot = z.infer<typeof monthSnapshotSchema>;

/** A text kept beside the snapshot (a row of `sealed_month_texts`). */
export interface SealedText {
  ref: string;
  text: string;
  salt: string;
}

export function textDigest(salt: string, text: string): string {
  return createHash("sha256").update(`${salt}:${text}`, "utf8").digest("hex");
}

/** Whether a kept text is the one the snapshot sealed. */
export function textMatches(ref: SealedTextRef, kept: SealedText): boolean {
  return ref.ref === kept.ref && textDigest(kept.salt, kept.text) === ref.sha256;
}

/** A draft line row as stored (`payroll_entry_draft_lines`), in the order the month reads them. */
export interface DraftLineRow {
  kind: string;
  lineId: string;
  employeeId: number;
  values: unknown;
}

/**
 * The month's lines from its draft rows (removed ones already left out), ordered by kind, employee
 * and position: blank lines and unreadable ones left out, as the month close has always read them.
 */
export function linesFromDraftRows(rows: readonly DraftLineRow[]): Record<EntryKind, StoredLine[]> {
  const lines: Record<EntryKind, StoredLine[]> = { hours: [], payments: [] };
  for (const row of rows) {
    const parsed = storedLineSchema.safeParse({ id: row.lineId, employee_id: row.employeeId, values: row.values });
    // An unreadable line (logged where the grid loads it) is not sent; the grid flags it.
    if (!parsed.success || (row.kind !== "hours" && row.kind !== "payments")) continue;
    if (Object.values(parsed.data.values).some((value) => value !== "")) lines[row.kind].push(parsed.data);
  }
  return lines;
}

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

export interface SnapshotInput {
  companyId: number;
  period: string;
  version: number;
  month: {
    round: number;
    handedInById: string | null;
    handedInAt: Date | null;
    submittedById: string | null;
    submittedAt: Date | null;
    approvedById: string | null;
    approvedAt: Date | null;
    reopenReason: string | null;
    reopenedAt: Date | null;
  };
  fourEyes: boolean | null;
  lines: Record<EntryKind, StoredLine[]>;
  findings: readonly object[] | null;
  acknowledgements: readonly { warningId: string; userId: string | null; createdAt: Date; comment: string }[];
  sealedAtMigration: boolean;
  /** Salts for the texts (tests pin them); default: 16 random bytes each. */
  salt?: () => string;
}

/** The snapshot of a month, its texts kept beside it, and the SHA-256 of its canonical form. */
export function buildSnapshot(input: SnapshotInput): { content: MonthSnapshot; texts: SealedText[]; hash: string } {
  const salt = input.salt ?? (() => randomBytes(16).toString("hex"));
  const texts: SealedText[] = [];
  const keep = (ref: string, text: string): SealedTextRef => {
    const kept = { ref, text, salt: salt() };
    texts.push(kept);
    return { ref, sha256: textDigest(kept.salt, text) };
  };
  const { month } = input;
  const acknowledgements = [...input.acknowledgements]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.warningId.localeCompare(b.warningId))
    .map((ack, index) => ({
      warningId: ack.warningId,
      userId: ack.userId,
      at: ack.createdAt.toISOString(),
      comment: keep(`ack:${index + 1}`, ack.comment),
    }));
  const content: MonthSnapshot = {
    format: SNAPSHOT_FORMAT,
    companyId: input.companyId,
    period: input.period,
    version: input.version,
    round: month.round,
    lines: input.lines,
    findings: input.findings ? [...input.findings] : null,
    acknowledgements,
    review: {
      handedInById: month.handedInById,
      handedInAt: iso(month.handedInAt),
      submittedById: month.submittedById,
      submittedAt: iso(month.submittedAt),
      approvedById: month.approvedById,
      approvedAt: iso(month.approvedAt),
      fourEyes: input.fourEyes,
    },
    reopening: month.reopenReason
      ? { reason: keep("reopen_reason", month.reopenReason), at: iso(month.reopenedAt) }
      : null,
    sealedAtMigration: input.sealedAtMigration,
  };
  return { content, texts, hash: canonicalHash(content) };
}
