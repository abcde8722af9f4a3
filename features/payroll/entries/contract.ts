import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { ENTRY_KINDS } from "./kinds";
import {
  draftConflictDetailSchema,
  draftLinesEventSchema,
  draftPresenceEventSchema,
  draftSavedSchema,
} from "./draft-answers";
import { draftPresenceBodySchema, entryDraftBodySchema, storedLineSchema } from "./schemas";
import { entriesRoutes } from "./routes";

/**
 * The monthly entries' routes (lib/http/contract.ts): a company's draft of one kind, saved by the
 * grid, its event stream and the editors' presence. Handlers: ./server/handlers.ts. The wire
 * shapes are draft-answers.ts's, which the co-editing client (./client/draft-saver) reads too.
 */

const entryParams = z.object({ companyId: z.string(), kind: z.enum(ENTRY_KINDS) });

/** A save's answer: the draft's revision, and for a save of changed lines their revisions and the lines merged with others' cells. */
const savedDraftSchema = draftSavedSchema
  .partial()
  .extend({ revision: draftSavedSchema.shape.revision, updatedAt: z.string() });

export const entriesContract = defineContract(entriesRoutes, {
  /** The draft of the company's current payroll month (null before the first save). */
  getDraft: {
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
    params: entryParams,
    body: entryDraftBodySchema,
    response: savedDraftSchema,
    errors: [
      "forbidden",
      "unknown_company",
      "key_refused",
      "upstream_unreachable",
      "period_changed",
      "draft_conflict",
      "month_frozen",
    ],
    errorExtras: {
      period_changed: z.object({ period: z.string() }),
      draft_conflict: draftConflictDetailSchema,
    },
  },
  /** Where the person is in the grid, for the others' "also here" (never stored). */
  announcePresence: {
    params: entryParams,
    body: draftPresenceBodySchema,
    response: z.object({}),
    errors: ["forbidden", "unknown_company", "period_changed"],
  },
  /** Server-sent events: `lines` (draft-answers.ts, id: the revision) and `presence`. */
  stream: {
    params: entryParams,
    query: z.object({
      period: z.string().regex(/^\d{4}-\d{2}$/),
      since: z.coerce.number().int().min(0).max(2_147_483_647),
      client: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    }),
    queryRefusal: { code: "invalid", message: "period, since and client are required." },
    response: "events",
    events: { lines: draftLinesEventSchema, presence: draftPresenceEventSchema },
    errors: ["forbidden", "unknown_company", "period_changed"],
  },
});
