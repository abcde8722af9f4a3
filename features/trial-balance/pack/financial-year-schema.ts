import * as z from "zod/mini";

/** The financial year form and its action: a business and the first month of its year (1–12). One schema for both. */
export const financialYearSchema = z.object({
  businessId: z.string().check(z.minLength(1), z.maxLength(64)),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
});
