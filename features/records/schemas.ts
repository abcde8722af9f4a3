import { z } from "zod";
import { EDITABLE_CLASSES, MAX_RETENTION_YEARS, RETENTION_RULES, type EditableClass } from "./retention";

/**
 * The retention form's values, shared by the form (zodResolver) and the route, so the field
 * errors are the same either way: each message is a key under `records.problems`.
 */
function yearsField(recordClass: EditableClass) {
  return z
    .number({ error: "whole" })
    .int({ error: "whole" })
    .min(RETENTION_RULES[recordClass].legalYears, { error: "belowLaw" })
    .max(MAX_RETENTION_YEARS, { error: "tooLong" });
}

export const retentionSettingsSchema = z.object({
  years: z.object(
    Object.fromEntries(EDITABLE_CLASSES.map((recordClass) => [recordClass, yearsField(recordClass)])) as {
      [Class in EditableClass]: ReturnType<typeof yearsField>;
    },
  ),
});
export type RetentionSettingsInput = z.infer<typeof retentionSettingsSchema>;

export const RETENTION_PROBLEMS = ["whole", "belowLaw", "tooLong", "invalidDay"] as const;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A company's last social insurance audit (§ 28f (1) SGB IV); null clears it. */
export const socialAuditSchema = z.object({
  companyId: z.int().positive().max(999_999_999),
  lastAuditOn: z
    .string()
    .regex(DAY, { error: "invalidDay" })
    .refine(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      {
        error: "invalidDay",
      },
    )
    .nullable(),
});
export type SocialAuditInput = z.infer<typeof socialAuditSchema>;
