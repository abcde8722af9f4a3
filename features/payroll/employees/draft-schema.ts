import { z } from "zod";
import { EMPLOYEE_FIELDS } from "./employee-schema";

/** The onboarding form's draft: whatever was typed, strings per field, nothing validated (that is the point). */
export const draftSchema = z
  .object(Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, z.string().max(500).optional()])))
  .strict();
