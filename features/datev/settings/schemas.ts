import { z } from "zod";
import { CARRIERS, defaultMapping, GRID_TYPES, type ValueCarrier, type WageTypeMapping } from "./wage-types";
import { CLIENT_NUMBER, CONSULTANT_NUMBER, PERSONNEL_NUMBER, PROCESSING_KEY, WAGE_TYPE_NUMBER } from "./ranges";

/**
 * The DATEV settings as people edit them, one schema per resource shared by the forms
 * (features/datev/components) and the routes (./server/handlers.ts): the company's, an employee's
 * personnel number, the firm's default wage types. Input is what the form holds (numbers as typed
 * text); output what the tables keep. Messages are codes: `datev.errors.<code>`.
 */

export const PROGRAMS = ["lodas", "lug"] as const;
export type DatevProgram = (typeof PROGRAMS)[number];
export const TARGETS = ["payroll_service", "datev"] as const;
export type MonthTarget = (typeof TARGETS)[number];

/** Whole digits only, within the range; "" is null when `optional`. */
function numberText(range: { min: number; max: number }, optional: boolean) {
  return z
    .string()
    .max(12, "notNumber")
    .superRefine((text, ctx) => {
      if (text === "") return void (optional || ctx.addIssue({ code: "custom", message: "required" }));
      if (!/^\d+$/.test(text)) return void ctx.addIssue({ code: "custom", message: "notNumber" });
      const value = Number(text);
      if (value < range.min || value > range.max)
        ctx.addIssue({ code: "custom", message: `range:${range.min}:${range.max}` });
    })
    .transform((text) => (text === "" ? null : Number(text)));
}

const TYPE_NAMES = GRID_TYPES.map(({ type }) => type);
const kindOf = (type: string) => GRID_TYPES.find((grid) => grid.type === type)?.kind;

const wageTypeRowSchema = z
  .object({
    type: z.string().refine((type) => TYPE_NAMES.includes(type), "unknownType"),
    wageTypeNumber: numberText(WAGE_TYPE_NUMBER, true),
    processingKey: numberText(PROCESSING_KEY, false),
    carries: z.enum(["hours", "amount", "count"], { message: "carries" }),
  })
  .strict()
  .superRefine((row, ctx) => {
    const kind = kindOf(row.type);
    // An hours line has no count, a payment no hours: the carrier must be one the type's lines hold.
    if (kind && !(CARRIERS[kind] as readonly ValueCarrier[]).includes(row.carries))
      ctx.addIssue({ code: "custom", path: ["carries"], message: "carries" });
  });

const wageTypesSchema = z
  .array(wageTypeRowSchema)
  .max(TYPE_NAMES.length)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.type)) ctx.addIssue({ code: "custom", path: [index, "type"], message: "duplicateType" });
      seen.add(row.type);
    });
  })
  .transform(
    (rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.type,
          { wageTypeNumber: row.wageTypeNumber, processingKey: row.processingKey ?? 0, carries: row.carries },
        ]),
      ) as Record<string, WageTypeMapping>,
  );

export const companyDatevInputSchema = z
  .object({
    consultantNumber: numberText(CONSULTANT_NUMBER, true),
    clientNumber: numberText(CLIENT_NUMBER, true),
    program: z.enum(PROGRAMS, { message: "program" }),
    target: z.enum(TARGETS, { message: "target" }),
    wageTypes: wageTypesSchema,
  })
  .strict()
  .superRefine((input, ctx) => {
    // A company whose months go to DATEV needs both numbers: the file's header carries them.
    if (input.target !== "datev") return;
    if (input.consultantNumber === null)
      ctx.addIssue({ code: "custom", path: ["consultantNumber"], message: "required" });
    if (input.clientNumber === null) ctx.addIssue({ code: "custom", path: ["clientNumber"], message: "required" });
  });
export type CompanyDatevInput = z.input<typeof companyDatevInputSchema>;
export type CompanyDatevValues = z.output<typeof companyDatevInputSchema>;

export const workspaceWageTypesInputSchema = z.object({ wageTypes: wageTypesSchema }).strict();

/** "" sets the employee back to the default: the payroll service's employee id. */
export const employeeDatevInputSchema = z.object({ personnelNumber: numberText(PERSONNEL_NUMBER, true) }).strict();

/** The form's rows from a stored mapping: every grid type, its stored mapping or the given default. */
export function wageTypeRows(
  stored: Readonly<Partial<Record<string, WageTypeMapping>>>,
  fallback: (grid: (typeof GRID_TYPES)[number]) => WageTypeMapping = (grid) => defaultMapping(grid.kind),
): CompanyDatevInput["wageTypes"] {
  return GRID_TYPES.map((grid) => {
    const { type } = grid;
    const mapping = stored[type] ?? fallback(grid);
    return {
      type,
      wageTypeNumber: mapping.wageTypeNumber === null ? "" : String(mapping.wageTypeNumber),
      processingKey: String(mapping.processingKey),
      carries: mapping.carries,
    };
  });
}
