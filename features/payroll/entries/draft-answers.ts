import { z } from "zod";
import { lineIdSchema, revisionSchema, storedLineSchema } from "./schemas";

// What the draft's routes answer and its stream sends (features/payroll/entries/server/handlers.ts,
// draft-stream.ts), beside what they take (schemas.ts): the server builds them, the grid's saver
// reads them (features/payroll/entries/client/draft-saver). Types by inference: one declaration for
// both sides.

const lineRevisionsSchema = z.record(lineIdSchema, revisionSchema);

/** A line written after some revision, as the stream sends it: removed lines carry `deleted` and no values. */
export const changedLineSchema = z.object({
  id: lineIdSchema,
  revision: revisionSchema,
  deleted: z.boolean(),
  employee_id: z.number().int(),
  values: storedLineSchema.shape.values,
});
export type ChangedLine = z.infer<typeof changedLineSchema>;

/** A `lines` event of the draft's stream (its `id` is the revision). */
export const draftLinesEventSchema = z.object({ revision: revisionSchema, lines: z.array(changedLineSchema) });
export type DraftLinesEvent = z.infer<typeof draftLinesEventSchema>;

/** A `presence` event: someone else's place in the grid (`gone`: they closed it). */
export const draftPresenceEventSchema = z.object({
  client: z.string(),
  name: z.string(),
  line: z.nullable(lineIdSchema),
  gone: z.boolean().optional(),
});
export type DraftPresenceEvent = z.infer<typeof draftPresenceEventSchema>;

/** A line a save wrote merged with cells someone else changed: as stored now, to be shown. */
export const mergedLineSchema = changedLineSchema.omit({ deleted: true });

/**
 * A line saved here that someone else changed first: their line (values null: they removed it;
 * `by`: who saved it, null when not known) and the sender's (null: a removal).
 */
export const lineConflictSchema = z.object({
  id: lineIdSchema,
  theirs: z.object({
    revision: revisionSchema,
    employee_id: z.number().int().nullable(),
    values: z.nullable(storedLineSchema.shape.values),
    by: z.string().nullable(),
  }),
  yours: z.nullable(storedLineSchema),
});
export type LineConflict = z.infer<typeof lineConflictSchema>;
export type TheirLine = LineConflict["theirs"];

/** A save's answer: the draft's revision, each line's stored revision, and the lines merged with others' cells. */
export const draftSavedSchema = z.object({
  revision: revisionSchema,
  lineRevisions: lineRevisionsSchema,
  merged: z.array(mergedLineSchema),
});
export type DraftSaved = z.infer<typeof draftSavedSchema>;

/** A save's 409 `draft_conflict`: what was saved, and the lines with cells someone else changed after the sender's copy. */
export const draftConflictDetailSchema = draftSavedSchema.extend({ conflicts: z.array(lineConflictSchema) });
export type DraftConflictDetail = z.infer<typeof draftConflictDetailSchema>;
