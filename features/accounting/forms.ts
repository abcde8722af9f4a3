import { z } from "zod";
import type { MessageKey } from "@/lib/i18n/translate";

// The editable details, one schema per resource, used by the forms in the
// browser and by the proxy before anything reaches the service. Messages are
// i18n keys with their values: `validation.tooLong|100`.

export function validationMessage(key: MessageKey, value?: number): string {
  return value === undefined ? key : `${key}|${value}`;
}

export function splitValidationMessage(message: string): { key: MessageKey; values?: Record<string, number> } {
  const [key, value] = message.split("|");
  return { key: key as MessageKey, ...(value ? { values: { max: Number(value) } } : {}) };
}

const PHONE = /^[0-9+()\-.\s]*$/;

export const businessDetailsSchema = z.object({
  address_line_1: z.string().trim().max(100, validationMessage("validation.tooLong", 100)),
  mobile: z
    .string()
    .trim()
    .max(30, validationMessage("validation.tooLong", 30))
    .regex(PHONE, validationMessage("validation.phone")),
  website: z
    .string()
    .trim()
    .max(255, validationMessage("validation.tooLong", 255))
    .refine(
      (value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
      validationMessage("validation.url"),
    ),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export const userDetailsSchema = z.object({
  last_name: z
    .string()
    .trim()
    .min(1, validationMessage("validation.blank"))
    .max(100, validationMessage("validation.tooLong", 100)),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** The write requests the proxy validates, by method and path: `{ business: {...} }`, `{ user: {...} }`. */
export const WRITE_SCHEMAS: { method: string; path: RegExp; schema: z.ZodType; wrapper: string }[] = [
  {
    method: "PUT",
    path: /^\/businesses\/[^/?]+$/,
    schema: z.object({ business: businessDetailsSchema.partial().strict() }).strict(),
    wrapper: "business",
  },
  {
    method: "PUT",
    path: /^\/user$/,
    schema: z.object({ user: userDetailsSchema.partial().strict() }).strict(),
    wrapper: "user",
  },
];
