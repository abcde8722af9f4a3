// zod/mini: the grid page validates every cell with these, and the classic API would add about
// 20 KB (gzip) to its JavaScript (the grid bench's page budget).
import * as z from "zod/mini";
import { isIsoDate } from "@/lib/dates/calendar";
import { CANONICAL_DECIMAL } from "@/lib/money/decimal";
import { MAX_STORED_INT, storedPositiveIntSchema } from "@/features/payroll/entries/stored-int";
import {
  FURTHER_PAYMENT_TYPES,
  HOURLY_COMPENSATION_TYPES,
  fieldsOf,
  type EntryKind,
  type HoursField,
  type PaymentField,
  type StoredLine,
} from "./kinds";

/**
 * The one set of schemas for hours and extra payments: the grid validates each cell with the
 * field schemas as people type, and the server parses the whole set with the line schemas
 * before it sends anything. Input is canonical cell text (decimals with a point, ISO dates,
 * type codes; "" for empty); output is the service's HourlyCompensation / FurtherPayment.
 * Messages are codes (`payrollEntries.errors.<code>`, an argument after a colon).
 */

export interface EntryContext {
  companyId: number;
  /** The company's current payroll month, `YYYY-MM`. */
  month: string;
  /** The company's employees; without it employee ids are only checked for form. */
  employeeIds?: ReadonlySet<number>;
}

export const MAX_DECIMALS = 6;
const MAX_WHOLE_DIGITS = 9;
const MAX_TEXT = 100;
function decimalField(options: { required: boolean; negativeAllowed: boolean }) {
  const checked = z.string().check(
    z.superRefine((text, ctx) => {
      if (text === "") {
        if (options.required) ctx.addIssue({ code: "custom", message: "required" });
        return;
      }
      if (!CANONICAL_DECIMAL.test(text)) return void ctx.addIssue({ code: "custom", message: "notNumber" });
      if (!options.negativeAllowed && text.startsWith("-"))
        return void ctx.addIssue({ code: "custom", message: "negative" });
      const [whole = "", fraction = ""] = text.replace("-", "").split(".");
      if (fraction.length > MAX_DECIMALS)
        return void ctx.addIssue({ code: "custom", message: `tooManyDecimals:${MAX_DECIMALS}` });
      if (whole.replace(/^0+/, "").length > MAX_WHOLE_DIGITS) ctx.addIssue({ code: "custom", message: "tooLarge" });
    }),
  );
  return z.pipe(
    checked,
    z.transform((text: string) => (text === "" ? undefined : Number(text))),
  );
}

function enumField(values: readonly string[], invalid: string) {
  const checked = z.string().check(
    z.superRefine((text, ctx) => {
      if (text === "") ctx.addIssue({ code: "custom", message: "required" });
      else if (!values.includes(text)) ctx.addIssue({ code: "custom", message: invalid });
    }),
  );
  return z.pipe(
    checked,
    z.transform((text: string) => text),
  );
}

function dateField(month: string) {
  const checked = z.string().check(
    z.superRefine((text, ctx) => {
      if (text === "") return;
      if (!isIsoDate(text)) ctx.addIssue({ code: "custom", message: "dateFormat" });
      else if (!text.startsWith(`${month}-`)) ctx.addIssue({ code: "custom", message: `outsideMonth:${month}` });
    }),
  );
  return z.pipe(
    checked,
    z.transform((text: string) => (text === "" ? undefined : text)),
  );
}

function textField() {
  return z.pipe(
    z.string().check(z.maxLength(MAX_TEXT, `tooLong:${MAX_TEXT}`)),
    z.transform((text: string) => (text === "" ? undefined : text)),
  );
}

export function hoursFieldSchemas(context: Pick<EntryContext, "month">) {
  return {
    type: enumField(HOURLY_COMPENSATION_TYPES, "unknownType"),
    total_hours: decimalField({ required: false, negativeAllowed: false }),
    total_amount: decimalField({ required: false, negativeAllowed: false }),
    surcharge: decimalField({ required: false, negativeAllowed: false }),
    date: dateField(context.month),
    cost_center_id: textField(),
    cost_object_id: textField(),
  } satisfies Record<HoursField, z.ZodMiniType>;
}

export function paymentFieldSchemas() {
  return {
    type: enumField(FURTHER_PAYMENT_TYPES, "unknownType"),
    count: decimalField({ required: false, negativeAllowed: false }),
    amount: decimalField({ required: true, negativeAllowed: true }),
  } satisfies Record<PaymentField, z.ZodMiniType>;
}

export function fieldSchemas(
  kind: EntryKind,
  context: Pick<EntryContext, "month">,
): Record<string, z.ZodMiniType<unknown, string>> {
  return kind === "hours" ? hoursFieldSchemas(context) : paymentFieldSchemas();
}

function employeeIdSchema(context: EntryContext) {
  return z.int("unknownEmployee").check(
    z.positive("unknownEmployee"),
    z.maximum(MAX_STORED_INT, "unknownEmployee"),
    z.refine((id) => !context.employeeIds || context.employeeIds.has(id), "unknownEmployee"),
  );
}

export const lineIdSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** A stored line (draft, transfer) → the service's object; every field's issue names the field. */
export function lineSchema(kind: EntryKind, context: EntryContext) {
  const fields = fieldSchemas(kind, context);
  const valuesSchema = z.strictObject(fields);
  const withEveryField = z.transform((raw: unknown) => {
    const record = (raw ?? {}) as Record<string, unknown>;
    return Object.fromEntries(fieldsOf(kind).map((field) => [field, record[field] ?? ""]));
  });
  return z.pipe(
    z.strictObject({
      id: lineIdSchema,
      employee_id: employeeIdSchema(context),
      values: z.pipe(withEveryField, valuesSchema),
    }),
    z.transform((line: { id: string; employee_id: number; values: Record<string, unknown> }) => {
      const body: Record<string, unknown> = { company_id: context.companyId, employee_id: line.employee_id };
      for (const [field, value] of Object.entries(line.values)) if (value !== undefined) body[field] = value;
      return body;
    }),
  );
}

/** The complete set of a transfer: stored lines → the service's array, in order. */
export function transferSchema(kind: EntryKind, context: EntryContext) {
  return z.array(lineSchema(kind, context)).check(z.maxLength(50_000));
}

/** What a draft may hold: anything typed (validated only when sent), but bounded. */
export const storedLineSchema = z.strictObject({
  id: lineIdSchema,
  employee_id: storedPositiveIntSchema,
  values: z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(500))),
}) satisfies z.ZodMiniType<StoredLine>;

/** A line's id is its key in the stored draft: each at most once in a set. */
function uniqueIds(lines: { id: string }[], ctx: z.core.$RefinementCtx): void {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.id))
      ctx.addIssue({ code: "custom", path: [index, "id"], message: `The line id ${line.id} appears more than once.` });
    seen.add(line.id);
  });
}

export const storedLinesSchema = z.array(storedLineSchema).check(z.maxLength(50_000), z.superRefine(uniqueIds));

const PERIOD = /^\d{4}-\d{2}$/;

/** A line's revision as a save names it (0 and up; a draft's revisions start at 1). */
export const revisionSchema = z.int().check(z.minimum(0), z.maximum(MAX_STORED_INT));

/**
 * A changed line with the revision of it the change builds on (none: a line new to the page),
 * `was`: per cell the page changed, the value its copy of the cell held when the edit began (each
 * cell is judged by it: features/payroll/entries/draft-merge.ts), and `prior`: the values the same
 * page sent in a save that may still be under way (this one, sent while leaving the page, may
 * arrive after it): stored values equal to those are its own.
 */
const lineChangeSchema = z.strictObject({
  id: lineIdSchema,
  employee_id: storedPositiveIntSchema,
  values: storedLineSchema.shape.values,
  base: z.optional(revisionSchema),
  was: z.optional(storedLineSchema.shape.values),
  prior: z.optional(storedLineSchema.shape.values),
});

/**
 * A draft save: the whole draft (the last save wins), or the lines changed and removed, each
 * with the line's revision it builds on (`base`): those someone else changed since are refused
 * as conflicts, the others are written.
 */
/** The grid's save: the lines changed and removed (also what the browser keeps until the server confirms it: features/payroll/entries/client/draft-saver/local-backup.ts). */
export const draftPatchBodySchema = z.strictObject({
  period: z.string().check(z.regex(PERIOD)),
  changes: z.array(lineChangeSchema).check(z.maxLength(50_000), z.superRefine(uniqueIds)),
  removed: z._default(
    z.array(z.strictObject({ id: lineIdSchema, base: z.optional(revisionSchema) })).check(z.maxLength(50_000)),
    [],
  ),
});

export const entryDraftBodySchema = z.union([
  z.strictObject({ period: z.string().check(z.regex(PERIOD)), lines: storedLinesSchema }),
  draftPatchBodySchema,
]);

/** Where someone is in a draft's grid: the line they are on (null: none), for the others' "also here". */
export const draftPresenceBodySchema = z.strictObject({
  period: z.string().check(z.regex(PERIOD)),
  client: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  line: z.nullable(lineIdSchema),
});
