import * as z from "zod/mini";
import type { StoredLine } from "@/features/payroll/entries/kinds";
import { findingSchema, monthCheckInputSchema } from "./schemas";

/**
 * The messages between the grid page and its checks worker (features/month-close/components/checks.worker.ts),
 * browser-safe. The page sends the non-line inputs once (`context`, parsed in full: a few hundred
 * entries) and then each run's lines (`run`). A run's lines are not parsed line by line: they are
 * the grid's own lines (9,000 would cost more to parse than to check; see checks/index.ts); only
 * their shape as arrays of objects is checked. Every run carries an id; the answer names it, so
 * the page keeps only the newest.
 */

const contextSchema = z.omit(monthCheckInputSchema, { month: true });

const linesSchema = z.array(
  z.custom<StoredLine>(
    (value) => typeof value === "object" && value !== null && "employee_id" in value && "values" in value,
  ),
);

export const checksRequestSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("context"), context: contextSchema }),
  z.object({
    type: z.literal("run"),
    id: z.int(),
    period: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
    hours: linesSchema,
    payments: linesSchema,
  }),
]);
export type ChecksRequest = z.infer<typeof checksRequestSchema>;

export const checksAnswerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("result"), id: z.int(), findings: z.array(findingSchema), ms: z.number() }),
  /** The request could not be read, or no context came before a run. */
  z.object({ type: z.literal("failed"), id: z.nullable(z.int()), message: z.string() }),
]);
export type ChecksAnswer = z.infer<typeof checksAnswerSchema>;
