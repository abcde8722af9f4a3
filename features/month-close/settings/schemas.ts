import { z } from "zod";
import { FEDERAL_STATES, type FederalState } from "@/features/month-close/checks/federal-states";

/**
 * The check settings as people edit them, one schema per resource shared by the form
 * (react-hook-form, features/month-close/components/settings) and the routes (features/month-close/settings/server/handlers.ts).
 * Input is what the form holds and the browser sends: text, numbers already canonical (a point,
 * no grouping: the form reads the person's "173,5" with parseLocaleNumber before validating).
 * Output is what the tables keep (features/month-close/checks/schemas.ts reads them back).
 * Messages are codes: `checkSettings.errors.<code>`.
 */

/** Like the tables' columns: Decimal(5,2) for hours, euros with cents for a cap. */
const MAX_HOURS = 744;
const MAX_CAP = 99_999_999;
const CANONICAL = /^\d+(?:\.\d+)?$/;

function decimalText(options: { required: boolean; max: number; maxDecimals: number }) {
  return z.string().superRefine((text, ctx) => {
    if (text === "") {
      if (options.required) ctx.addIssue({ code: "custom", message: "required" });
      return;
    }
    if (!CANONICAL.test(text)) return void ctx.addIssue({ code: "custom", message: "notNumber" });
    const fraction = text.split(".")[1] ?? "";
    if (fraction.replace(/0+$/, "").length > options.maxDecimals)
      return void ctx.addIssue({ code: "custom", message: "tooManyDecimals" });
    const value = Number(text);
    if (value <= 0) return void ctx.addIssue({ code: "custom", message: "notPositive" });
    if (value > options.max)
      ctx.addIssue({ code: "custom", message: options.max === MAX_HOURS ? "tooManyHours" : "tooLarge" });
  });
}

const federalStateText = z
  .string()
  .refine((text) => text === "" || (FEDERAL_STATES as readonly string[]).includes(text), "unknownState");

export const companySettingsInputSchema = z
  .object({
    /** "" while no Land is confirmed (the checks then say it is missing). */
    federalState: federalStateText,
    monthlyHoursLimit: decimalText({ required: true, max: MAX_HOURS, maxDecimals: 2 }),
  })
  .strict();
export type CompanySettingsInput = z.input<typeof companySettingsInputSchema>;

/** The company's settings as stored: the Land or null, the limit in hours. */
export function companySettingsValues(input: z.output<typeof companySettingsInputSchema>): {
  federalState: FederalState | null;
  monthlyHoursLimit: number;
} {
  return {
    federalState: input.federalState === "" ? null : (input.federalState as FederalState),
    monthlyHoursLimit: Number(input.monthlyHoursLimit),
  };
}

export const PAY_CAP_KINDS = ["none", "minijob", "custom"] as const;

export const employeeSettingsInputSchema = z
  .object({
    payCapKind: z.enum(PAY_CAP_KINDS, { message: "payCapKind" }),
    /** Euros a month; read only for `custom` (kept as typed otherwise, so switching back keeps it). */
    payCapAmount: z.string().max(40),
    /** "" means the company's limit. */
    monthlyHoursLimit: decimalText({ required: false, max: MAX_HOURS, maxDecimals: 2 }),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.payCapKind !== "custom") return;
    const amount = decimalText({ required: true, max: MAX_CAP, maxDecimals: 2 }).safeParse(input.payCapAmount);
    if (!amount.success)
      ctx.addIssue({ code: "custom", path: ["payCapAmount"], message: amount.error.issues[0]?.message ?? "notNumber" });
  });
export type EmployeeSettingsInput = z.input<typeof employeeSettingsInputSchema>;

/** A stored amount in its canonical form: "1200.5" → "1200.50" (two decimals, as the column's text shows it). */
function canonicalAmount(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  return `${whole.replace(/^0+(?=\d)/, "")}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

/** The employee's settings as stored: `payCap` "minijob", "1200.00" or null; the limit or null (the company's). */
export function employeeSettingsValues(input: z.output<typeof employeeSettingsInputSchema>): {
  payCap: string | null;
  monthlyHoursLimit: number | null;
} {
  const payCap =
    input.payCapKind === "minijob"
      ? "minijob"
      : input.payCapKind === "custom"
        ? canonicalAmount(input.payCapAmount)
        : null;
  return { payCap, monthlyHoursLimit: input.monthlyHoursLimit === "" ? null : Number(input.monthlyHoursLimit) };
}

/** The form's values for stored settings (the inverse of employeeSettingsValues). */
export function employeeSettingsForm(
  stored: { payCap: string | null; monthlyHoursLimit: number | null } | undefined,
): EmployeeSettingsInput {
  const payCap = stored?.payCap ?? null;
  return {
    payCapKind: payCap === null ? "none" : payCap === "minijob" ? "minijob" : "custom",
    payCapAmount: payCap === null || payCap === "minijob" ? "" : payCap,
    monthlyHoursLimit:
      stored?.monthlyHoursLimit === null || stored?.monthlyHoursLimit === undefined
        ? ""
        : String(stored.monthlyHoursLimit),
  };
}
