import { z } from "zod";
import { CUT_OFF_LIMITS, LANDS, type CutOffRule, type Land } from "./rules";

/**
 * The deadline settings as people edit them: one schema per resource shared by the forms
 * (features/deadlines/components) and the routes (./server/handlers.ts). A form holds text; the schemas
 * check it and the `…Values` functions turn it into what is stored. Messages are codes:
 * `deadlines.errors.<code>`.
 */

export const CUT_OFF_KINDS = ["bank_days_before_statement", "day_of_month"] as const;

/** A stored rule (JSON in `workspaces.cut_off_rule` and `payroll_company_deadline_settings.cut_off_rule`). */
export const cutOffRuleSchema: z.ZodType<CutOffRule> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("day_of_month"),
    day: z.number().int().min(CUT_OFF_LIMITS.day.min).max(CUT_OFF_LIMITS.day.max),
  }),
  z.object({
    kind: z.literal("bank_days_before_statement"),
    days: z.number().int().min(CUT_OFF_LIMITS.days.min).max(CUT_OFF_LIMITS.days.max),
  }),
]);

/** A stored rule read back; anything else (null, an old shape) is null. */
export function storedCutOffRule(value: unknown): CutOffRule | null {
  const parsed = cutOffRuleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function isLand(value: string): value is Land {
  return (LANDS as readonly string[]).includes(value);
}

const WHOLE = /^\d{1,3}$/;

/** The rule's number as typed: whole, within the kind's limits; the issue lands on `cutOffNumber`. */
function checkNumber(kind: string, text: string, ctx: z.RefinementCtx) {
  if (kind !== "day_of_month" && kind !== "bank_days_before_statement") return;
  const path = ["cutOffNumber"];
  if (text.trim() === "") return void ctx.addIssue({ code: "custom", path, message: "required" });
  if (!WHOLE.test(text.trim())) return void ctx.addIssue({ code: "custom", path, message: "notWholeNumber" });
  const value = Number(text);
  const limits = kind === "day_of_month" ? CUT_OFF_LIMITS.day : CUT_OFF_LIMITS.days;
  if (value < limits.min || value > limits.max)
    ctx.addIssue({ code: "custom", path, message: kind === "day_of_month" ? "dayRange" : "daysRange" });
}

function ruleOf(kind: string, text: string): CutOffRule {
  return kind === "day_of_month"
    ? { kind, day: Number(text) }
    : { kind: "bank_days_before_statement", days: Number(text) };
}

/** The workspace's default cut-off (an owner's setting on /settings/workspace). */
export const workspaceCutOffInputSchema = z
  .object({ cutOffKind: z.enum(CUT_OFF_KINDS, { message: "unknownKind" }), cutOffNumber: z.string().max(10) })
  .strict()
  .superRefine((input, ctx) => checkNumber(input.cutOffKind, input.cutOffNumber, ctx));
export type WorkspaceCutOffInput = z.input<typeof workspaceCutOffInputSchema>;

export function workspaceCutOffValue(input: z.output<typeof workspaceCutOffInputSchema>): CutOffRule {
  return ruleOf(input.cutOffKind, input.cutOffNumber.trim());
}

/** A rule as the form shows it. */
export function cutOffForm(rule: CutOffRule): { cutOffKind: CutOffRule["kind"]; cutOffNumber: string } {
  return { cutOffKind: rule.kind, cutOffNumber: String(rule.kind === "day_of_month" ? rule.day : rule.days) };
}

/** A company's deadline settings: the Land of its insurer's seat ("": the check settings'), its own cut-off or the workspace's. */
export const companyDeadlineInputSchema = z
  .object({
    land: z.string().refine((text) => text === "" || isLand(text), "unknownLand"),
    cutOffKind: z.enum(["workspace", ...CUT_OFF_KINDS], { message: "unknownKind" }),
    cutOffNumber: z.string().max(10),
  })
  .strict()
  .superRefine((input, ctx) => checkNumber(input.cutOffKind, input.cutOffNumber, ctx));
export type CompanyDeadlineInput = z.input<typeof companyDeadlineInputSchema>;

/** What is stored for a company: its Land override and its cut-off override, each null when it follows the default. */
export function companyDeadlineValues(input: z.output<typeof companyDeadlineInputSchema>): {
  land: Land | null;
  cutOffRule: CutOffRule | null;
} {
  return {
    land: input.land === "" ? null : (input.land as Land),
    cutOffRule: input.cutOffKind === "workspace" ? null : ruleOf(input.cutOffKind, input.cutOffNumber.trim()),
  };
}

/** The form's values for stored overrides (the inverse of companyDeadlineValues); a following rule shows the workspace's number. */
export function companyDeadlineForm(
  stored: { land: Land | null; cutOffRule: CutOffRule | null },
  workspaceRule: CutOffRule,
): CompanyDeadlineInput {
  const rule = stored.cutOffRule ?? workspaceRule;
  return {
    land: stored.land ?? "",
    ...cutOffForm(rule),
    ...(stored.cutOffRule ? {} : { cutOffKind: "workspace" as const }),
  };
}

/** `GET /api/deadlines`: the year and Land as sent; the handler refuses bad ones with 400 and a clear message. */
export const DEADLINE_YEARS = { min: 2020, max: 2035 } as const;
export const yearDeadlinesQuerySchema = z.object({ year: z.string().optional(), state: z.string().optional() });

export const yearDeadlinesResponseSchema = z.object({
  year: z.number().int(),
  state: z.enum(LANDS),
  months: z.array(
    z.object({
      month: z.string(),
      contribution_statement: z.string(),
      contributions_due: z.string(),
      wage_tax_return: z.string(),
    }),
  ),
});
