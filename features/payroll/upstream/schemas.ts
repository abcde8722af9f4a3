import { z } from "zod";

/** The service's answers. Unknown fields are kept out; a changed shape fails loudly. */

export const issueSchema = z.object({
  index: z.number().int().optional(),
  field: z.string().optional(),
  code: z.string(),
  message: z.string().default(""),
});

/** `code` is a string in the service's errors; injected faults may give the HTTP status as a number. */
export const errorObjectSchema = z.object({
  code: z.union([z.string(), z.number().transform(String)]).default("UNKNOWN"),
  message: z.string().default(""),
  issues: z
    .array(issueSchema)
    .nullish()
    .transform((issues) => issues ?? []),
});

/** A successful answer's envelope; failures are mapped by status (see server/payroll-failures.ts errorFromResponse). */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), state: z.null().optional(), error: z.null().optional(), data });
}

export const failureEnvelopeSchema = z.object({ success: z.literal(false), error: errorObjectSchema.nullish() });

export const addressSchema = z.object({ street_address: z.string(), postal_code: z.string(), location: z.string() });

export const companySchema = z.object({
  id: z.number().int(),
  name1: z.string(),
  name2: z.string().default(""),
  address: addressSchema,
  current_month: z.string().regex(/^\d{4}-\d{2}$/),
});
export type Company = z.infer<typeof companySchema>;

export const employeeSchema = z.object({
  company_id: z.number().int(),
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address: addressSchema,
  sex: z.number().int().optional(),
  entry: z.string().optional(),
  email: z.string().optional(),
  health_insurance: z.string().optional(),
  insurance_number: z.string().optional(),
  birth_name: z.string().optional(),
  birth_place: z.string().optional(),
  birth_date: z.string().optional(),
  country: z.number().int().optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** The service's create body (NewEmployee): an employee whose sex and health insurance are given. */
export const newEmployeeSchema = employeeSchema.required({ sex: true, health_insurance: true });
