import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { ENTRY_KINDS } from "./kinds";
import { draftPresenceBodySchema, entryDraftBodySchema, storedLineSchema } from "./schemas";

/**
 * The monthly entries' routes (lib/http/contract.ts): a company's draft of one kind, saved by the
 * grid, its event stream and the editors' presence. Handlers: ./server/handlers.ts. The wire
 * shapes below are the ones the co-editing client reads (components/payroll/grid/draft-sync.ts).
 */

const entryParams = z.object({ companyId: z.string(), kind: z.enum(ENTRY_KINDS) });

/** A line as stored now, at its revision. */
const lineSchema = z.object({
  id: z.string(),
  revision: z.number().int(),
  employee_id: z.number().int(),
  values: z.record(z.string(), z.string()),
});

/** A `lines` event of the draft's stream: lines others saved since a revision, removed ones with `deleted`. */
const remoteLinesSchema = z.object({ revision: z.number().int(), lines: z.array(lineSchema.extend({ deleted: z.boolean() })) });
export type RemoteLines = z.infer<typeof remoteLinesSchema>;

/** A `presence` event: someone with the draft open, the line they are on, `gone` when they left. */
const presenceEventSchema = z.object({ client: z.string(), name: z.string(), line: z.string().nullable(), gone: z.boolean().optional() });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/**
 * A line saved here that someone else changed first (in a 409 `draft_conflict`): their line
 * (values null: they removed it; `by`: who saved it, null when not known) and mine (null: I removed it).
 */
const draftConflictSchema = z.object({
  id: z.string(),
  theirs: z.object({
    revision: z.number().int(),
    employee_id: z.number().int().nullable(),
    values: z.record(z.string(), z.string()).nullable(),
    by: z.string().nullable(),
  }),
  yours: storedLineSchema.nullable(),
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/** A save's answer: the draft's revision, and for a save of changed lines their revisions and the lines merged with others' cells. */
const savedDraftSchema = z.object({
  revision: z.number().int(),
  updatedAt: z.string(),
  lineRevisions: z.record(z.string(), z.number().int()).optional(),
  merged: z.array(lineSchema).optional(),
});
export type SavedDraft = z.infer<typeof savedDraftSchema>;

export const entriesContract = defineContract({
  /** The draft of the company's current payroll month (null before the first save). */
  getDraft: {
    method: "GET",
    path: "/api/payroll-entries/:companyId/:kind/draft",
    params: entryParams,
    response: z.object({
      period: z.string(),
      draft: z
        .object({
          lines: z.array(storedLineSchema),
          unreadableLineIds: z.array(z.string()),
          revision: z.number().int(),
          lineRevisions: z.record(z.string(), z.number().int()),
          updatedAt: z.string(),
        })
        .nullable(),
    }),
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable", "upstream_error"],
  },
  /**
   * The changed lines with the revisions they were based on (or the whole draft, last save wins:
   * seeding and tools). 409 `draft_conflict` carries `revision`, `lineRevisions`, `merged` and `conflicts`.
   */
  saveDraft: {
    method: "PUT",
    path: "/api/payroll-entries/:companyId/:kind/draft",
    params: entryParams,
    body: entryDraftBodySchema,
    response: savedDraftSchema,
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable", "period_changed", "draft_conflict", "month_frozen"],
    errorExtras: {
      period_changed: z.object({ period: z.string() }),
      draft_conflict: savedDraftSchema.omit({ updatedAt: true }).extend({ conflicts: z.array(draftConflictSchema) }),
    },
  },
  /** Where the person is in the grid, for the others' "also here" (never stored). */
  announcePresence: {
    method: "POST",
    path: "/api/payroll-entries/:companyId/:kind/presence",
    params: entryParams,
    body: draftPresenceBodySchema,
    response: z.object({}),
    errors: ["forbidden", "unknown_company", "period_changed"],
  },
  /** Server-sent events: `lines` (remoteLinesSchema, id: the revision) and `presence` (presenceEventSchema). */
  stream: {
    method: "GET",
    path: "/api/payroll-entries/:companyId/:kind/stream",
    params: entryParams,
    query: z.object({
      period: z.string().regex(/^\d{4}-\d{2}$/),
      since: z.coerce.number().int().min(0).max(2_147_483_647),
      client: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    }),
    queryRefusal: { code: "invalid", message: "period, since and client are required." },
    response: "events",
    events: { lines: remoteLinesSchema, presence: presenceEventSchema },
    errors: ["forbidden", "unknown_company", "period_changed"],
  },
});
