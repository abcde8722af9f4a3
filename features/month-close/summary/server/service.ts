import "server-only";
import { getDb } from "@/lib/db/client";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { freshCompany } from "@/features/payroll/entries/server/page-data";
import { companyForPage, type PayrollPageState } from "@/features/payroll/server/pages";
import { runMonthChecks } from "../../checks";
import { warningId } from "../../gate";
import { acknowledgementsOf } from "../../server/acknowledgements";
import { checkContext, monthLines } from "../../server/check-input";
import { monthClosePageData, type MonthClosePageData } from "../../server/page-data";
import { summarizeMonth, type MonthSummary } from "../summary";

/**
 * The approver's summary of a company's payroll month (`/payroll/companies/<id>/review`): the
 * month's close (state and the person's actions, as the grid pages have them), and the figures
 * of `summarizeMonth` from the month's stored lines against the last transferred month, with the
 * checks' findings and the round's acknowledgements.
 *
 * Authorization: the page state's connection is the one of the person's active workspace that
 * their membership and role reach (features/payroll/server/access.ts `payrollFor`, a query carrying
 * both), and the company must be one that connection reaches (`companyForPage`); anything else
 * is `not_reachable`, before any figure is read.
 */

export type ApproverSummaryResult =
  | { kind: "not_reachable" }
  | { kind: "ready"; company: CompanyRecord; close: MonthClosePageData | null; summary: MonthSummary };

type ReadyState = Extract<PayrollPageState, { kind: "ready" }>;

export async function approverSummary(state: ReadyState, companyId: string): Promise<ApproverSummaryResult> {
  const cached = await companyForPage(state, companyId);
  if (!cached) return { kind: "not_reachable" };
  // The company's month may have moved on since the list was stored.
  const company = await freshCompany(state.connection.id, state.client, cached);
  const key = { connectionId: state.connection.id, companyId: company.id, period: company.current_month };
  const [context, lines, acknowledged, close] = await Promise.all([
    checkContext(key, state.client),
    monthLines(getDb(), key),
    acknowledgementsOf(key),
    monthClosePageData(state.user, state.connection.id, company),
  ]);
  const input = { ...context, month: { period: key.period, ...lines } };
  const acknowledgements = new Map(acknowledged.acknowledgements.map((ack) => [ack.warningId, ack]));
  return {
    kind: "ready",
    company,
    close,
    summary: summarizeMonth(input, runMonthChecks(input), acknowledgements, warningId),
  };
}
