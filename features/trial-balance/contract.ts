import { z } from "zod";
import { isIsoDate } from "@/lib/dates/calendar";
import { defineContract } from "@/lib/http/contract";
import { trialBalanceRoutes } from "./routes";

/**
 * The trial balance's routes (lib/http/contract.ts): one column of the month-end pack, and the
 * pack as a file. Handlers: ./pack/server/period-route.ts, ./export/server/route.ts; the browser:
 * ./client/api.ts. The page's own query (period, business, columns) is read by ./query.ts.
 */

// A missing date reads as "" so that it is refused with the date's own message.
const day = z.preprocess((value) => value ?? "", z.string().refine(isIsoDate, "Enter a date as YYYY-MM-DD."));

const periodQuerySchema = z
  .object({
    business: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    from: day,
    to: day,
  })
  .refine((query) => query.from <= query.to, { message: "“to” must be on or after “from”.", path: ["to"] });

/** The page's query as it is in its address (read by ./query.ts `parseTrialBalanceQuery`). */
const pageQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const trialBalanceContract = defineContract(trialBalanceRoutes, {
  /**
   * One column of the month-end pack: the period's accounts, packed (./response.ts packAccounts).
   * The business must be one of the person's (else 403 `unknown_business`, before any call).
   */
  period: {
    query: periodQuerySchema,
    response: z.object({ accounts: z.string() }),
    errors: [
      "unknown_business",
      "bad_response",
      "not_connected",
      "needs_v3_1",
      "reauth_required",
      "upstream_unreachable",
      "upstream_error",
    ],
  },
  /** The pack the page shows as a PDF, CSV or Excel file (`format`, then the page's query). */
  export: {
    // `format` is checked by the handler (400 `bad_request` with `fields.format`), the rest by ./query.ts.
    query: pageQuery,
    errors: [
      "bad_request",
      "unknown_business",
      "not_connected",
      "needs_v3_1",
      "reauth_required",
      "upstream_unreachable",
      "upstream_error",
    ],
  },
});
