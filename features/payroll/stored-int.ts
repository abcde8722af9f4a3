// zod/mini: the grid page validates with these (features/payroll/entries/schemas.ts), and the classic API
// would add about 20 KB (gzip) to its JavaScript.
import * as z from "zod/mini";

/**
 * A positive whole number that fits the database's `integer` (row numbers, employee ids,
 * revisions): a larger one must be a 422 with its field, never a Postgres error (a 500).
 */
export const MAX_STORED_INT = 2_147_483_647;
export const storedPositiveIntSchema = z.int().check(z.positive(), z.maximum(MAX_STORED_INT));
