// zod/mini: the grid page and its checks worker read findings and inputs with these, and the
// classic API would add about 20 KB (gzip) to the page's JavaScript.
import * as z from "zod/mini";
import { ENTRY_KINDS } from "@/features/payroll/entries/kinds";
import { storedLineSchema } from "@/features/payroll/entries/schemas";
import type { HealthInsurance } from "@/features/payroll/employees/insurers";
import { storedPositiveIntSchema } from "@/features/payroll/stored-int";
import { DEFAULT_COMPANY_HOURS_LIMIT } from "./tables";
import { federalStateSchema } from "./federal-states";

/**
 * What the month-close checks read and what they say, one schema per resource. The engine does
 * not parse its input (9,000 lines would cost more than the checks): whoever reads it from the
 * database, a request or the page's data parses it with these at that boundary.
 */

const periodSchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));
const daySchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));
/** A non-negative euro amount as a canonical decimal string ("556", "603.5"). */
const amountSchema = z.string().check(z.regex(/^\d{1,9}(\.\d{1,6})?$/));
/** A month has at most 744 hours. */
const hoursLimitSchema = z.number().check(z.positive(), z.maximum(744));

/** An employee of the company as the payroll service lists them. */
export const checkEmployeeSchema = z.object({
  id: storedPositiveIntSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** The health insurance's registration number; null when none is recorded. */
  healthInsurance: z.nullable(z.string()),
});

/** A health insurance of the reference list (features/payroll/employees/insurers.ts). */
export const healthInsuranceSchema = z.object({
  number: z.string(),
  name: z.string(),
  availableFrom: z.nullable(daySchema),
  availableTo: z.nullable(daySchema),
  replacement: z.nullable(z.string()),
}) satisfies z.ZodMiniType<HealthInsurance>;

/** An employee's settings kept in the app. */
export const employeeCheckSettingsSchema = z.object({
  employeeId: storedPositiveIntSchema,
  /** `minijob`: the statutory limit of the month (tables.ts); an amount: that many euros a month; null: none. */
  payCap: z._default(z.nullable(z.union([z.literal("minijob"), amountSchema])), null),
  /** Overrides the company's monthly hours limit for this employee. */
  monthlyHoursLimit: z._default(z.nullable(hoursLimitSchema), null),
});

/** The company's settings kept in the app. */
export const companyCheckSettingsSchema = z.object({
  /** Proposed from the postal code (proposeFederalState), confirmed by people; null until then. */
  federalState: z.nullable(federalStateSchema),
  monthlyHoursLimit: z._default(hoursLimitSchema, DEFAULT_COMPANY_HOURS_LIMIT),
});

/** A month's lines of both kinds, as drafts and transfers keep them. */
export const monthLinesSchema = z.object({
  period: periodSchema,
  hours: z.array(storedLineSchema).check(z.maxLength(50_000)),
  payments: z.array(storedLineSchema).check(z.maxLength(50_000)),
});

/** Everything one run of the checks reads. */
export const monthCheckInputSchema = z.object({
  /** This month's draft lines; `period` is the payroll month checked. */
  month: monthLinesSchema,
  employees: z.array(checkEmployeeSchema),
  insurers: z.array(healthInsuranceSchema),
  employeeSettings: z._default(z.array(employeeCheckSettingsSchema), []),
  company: companyCheckSettingsSchema,
  /** The company's Land's public holidays in the period (holidays.ts `publicHolidaysIn`); empty without a Land. */
  publicHolidays: z.array(daySchema),
  /** The last transferred month's lines, for the change check; null before the first transfer. */
  previous: z._default(z.nullable(monthLinesSchema), null),
});
export type MonthCheckInput = z.infer<typeof monthCheckInputSchema>;

export const BLOCKER_RULES = ["invalidValue", "unknownEmployee", "insurerEnded"] as const;
export const WARNING_RULES = [
  "dailyHours",
  "sundayPremium",
  "holidaySurcharge",
  "holidayStateMissing",
  "minimumWage",
  "payCap",
  "monthlyHours",
  "hoursChanged",
  "payChanged",
  "noLines",
  "duplicateLine",
] as const;
export const CHECK_RULES = [...BLOCKER_RULES, ...WARNING_RULES] as const;

/**
 * One finding. Its text is the message `monthChecks.rules.<rule>` with `params` as its values;
 * params are raw (see index.ts for each rule's): the caller formats them for the person's
 * language (lib/i18n/format.ts) before handing them to the message.
 */
export const findingSchema = z.object({
  severity: z.enum(["blocker", "warning"]),
  rule: z.enum(CHECK_RULES),
  employeeId: z.int(),
  /** Which grid the line is in; absent for findings about the employee's month. */
  kind: z.optional(z.enum(ENTRY_KINDS)),
  lineId: z.optional(z.string()),
  /** The field (column key) to jump to. */
  column: z.optional(z.string()),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Finding = z.infer<typeof findingSchema>;
