import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { companyCheckSettingsSchema, employeeCheckSettingsSchema } from "./checks/schemas";
import {
  ACKNOWLEDGE_COMMENT_MAX_LENGTH,
  acknowledgeBodySchema,
  fourEyesBodySchema,
  monthCloseBodySchema,
} from "./schemas";
import { companySettingsInputSchema, employeeSettingsInputSchema } from "./settings/schemas";
import { monthCloseViewSchema } from "./view-schema";
import { sealedVersionViewSchema } from "./sealing/view";
import { monthCloseRoutes } from "./routes";

/**
 * The month close's routes (lib/http/contract.ts): the month of a payroll company and its actions,
 * the warnings' acknowledgements, the workspace's four-eyes rule and the checks' settings.
 * Handlers: ./server/handlers.ts, ./settings/server/handlers.ts; the browser: ./client/api.ts.
 */

const companyParams = z.object({ companyId: z.string() });
const monthClose = monthCloseViewSchema;

/** What an action answers: the month as it is now, and what a Transfer or a check adds. */
const actionAnswerSchema = z.object({
  monthClose,
  /** Transfer: whose Transfer is under way when another person's was running already. */
  transferredBy: z.string().nullable().optional(),
  /** Check: false when the service's data could not be read (the month stays Transfer unclear). */
  resolved: z.boolean().optional(),
  outcome: z.record(z.string(), z.string()).nullable().optional(),
  message: z.string().nullable().optional(),
  unrecorded: z.boolean().optional(),
});

const acknowledgementSchema = z.object({
  warningId: z.string(),
  comment: z.string().max(ACKNOWLEDGE_COMMENT_MAX_LENGTH),
  userName: z.string(),
  /** ISO time, formatted by the page. */
  createdAt: z.string(),
});

const monthCloseErrors = [
  "forbidden",
  "unknown_company",
  "key_refused",
  "upstream_unreachable",
  "upstream_error",
  "period_changed",
] as const;

export const monthCloseContract = defineContract(monthCloseRoutes, {
  /** Every member reads the month of the company's current payroll month. */
  get: {
    params: companyParams,
    response: z.object({ monthClose }),
    errors: monthCloseErrors,
  },
  /** Every sealed version of the company's months, newest first, with its hash and what changed from the one before. */
  versions: {
    params: companyParams,
    response: z.object({ versions: z.array(sealedVersionViewSchema) }),
    errors: monthCloseErrors,
  },
  /** `{ action, period, reason? }`; a Transfer answers 202 with the month Transferring (its job sends). */
  act: {
    params: companyParams,
    body: monthCloseBodySchema,
    response: actionAnswerSchema,
    errors: [
      ...monthCloseErrors,
      "month_state",
      "month_blocked",
      "month_unacknowledged",
      "four_eyes",
      "transfer_under_way",
      "transfer_rereading",
      "pay_run_in_progress",
      "outcome_unknown",
      // Approve and transfer ask for a recent sign-in or confirmation (lib/auth/server/recent-confirmation.ts).
      "reauthentication_required",
    ],
  },
  /** Acknowledges warnings of the current round with one comment, all or none (201). */
  acknowledge: {
    params: companyParams,
    body: acknowledgeBodySchema,
    response: z.object({ acknowledgements: z.array(acknowledgementSchema) }),
    status: 201,
    errors: [...monthCloseErrors, "month_state"],
  },
  /** The owner's four-eyes choice for the workspace (null: the default by its number of members). */
  setFourEyes: {
    params: workspaceParamsSchema,
    body: fourEyesBodySchema,
    response: z.object({ setting: z.boolean().nullable(), effective: z.boolean(), members: z.number().int() }),
    errors: ["forbidden"],
  },
  /** The company's Land and monthly hours limit for the checks. */
  setCompanySettings: {
    params: companyParams,
    body: companySettingsInputSchema,
    response: z.object({ settings: companyCheckSettingsSchema }),
    errors: monthCloseErrors,
  },
  /** An employee's pay cap and hours limit (404 when the service does not list them for the company). */
  setEmployeeSettings: {
    params: z.object({ companyId: z.string(), employeeId: z.string().regex(/^\d{1,9}$/) }),
    body: employeeSettingsInputSchema,
    response: z.object({ settings: employeeCheckSettingsSchema }),
    errors: monthCloseErrors,
  },
});
