import { describe, expect, it } from "vitest";
import { auditContract } from "@/features/audit-trail/contract";
import { deadlinesContract } from "@/features/deadlines/contract";
import { deadlinesRoutes } from "@/features/deadlines/client/api";
import { monthCloseContract } from "@/features/month-close/contract";
import { overviewContract } from "@/features/overview/contract";
import { overviewApi, overviewRoutes } from "@/features/overview/client/api";
import { payrollContract } from "@/features/payroll/contract";
import { entriesContract } from "@/features/payroll/entries/contract";
import { fileImportContract } from "@/features/payroll/entries/file-import/contract";
import { importChecksContract } from "@/features/month-close/import-checks/contract";
import { trialBalanceContract } from "@/features/trial-balance/contract";
import { webhooksContract } from "@/features/webhooks/contract";
import { workspacesContract } from "@/features/workspaces/contract";
import { mailContract } from "@/features/mail/contract";
import { mailRoutes } from "@/features/mail/client/api";
import { remindersContract } from "@/features/reminders/contract";
import { remindersRoutes } from "@/features/reminders/client/api";
import { signInContract } from "@/features/sign-in/contract";
import { signInRoutes } from "@/features/sign-in/client/api";
import { notificationsContract } from "@/features/notifications/contract";
import { passkeysContract } from "@/features/passkeys/contract";
import { passkeysRoutes } from "@/features/passkeys/client/api";
import { accountLinkingContract } from "@/features/account-linking/contract";
import { accountLinkingRoutes } from "@/features/account-linking/client/api";
import { monthCloseRoutes } from "@/features/month-close/client/api";
import { payrollRoutes } from "@/features/payroll/client/api";
import { entriesRoutes } from "@/features/payroll/entries/client/api";
import { fileImportRoutes } from "@/features/payroll/entries/file-import/client/api";
import { importChecksRoutes } from "@/features/month-close/import-checks/client/api";
import { trialBalanceRoutes } from "@/features/trial-balance/client/api";
import { webhooksRoutes } from "@/features/webhooks/client/api";
import { workspacesRoutes } from "@/features/workspaces/client/api";
import { notificationsRoutes } from "@/features/notifications/client/api";
import { contractClient } from "./client/api-client";
import { COMMON_ERRORS, pathParamNames, routeTableOf, type RouteContract } from "./contract";

const contracts: Record<string, RouteContract>[] = [
  auditContract,
  deadlinesContract,
  monthCloseContract,
  overviewContract,
  payrollContract,
  entriesContract,
  fileImportContract,
  importChecksContract,
  trialBalanceContract,
  workspacesContract,
  mailContract,
  remindersContract,
  webhooksContract,
  signInContract,
  notificationsContract,
  passkeysContract,
];

describe("route contracts", () => {
  it("name each path param in the params schema, and no common error twice", () => {
    for (const contract of contracts) {
      for (const route of Object.values(contract)) {
        const names = pathParamNames(route.path);
        const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
        expect(Object.keys(shape).sort(), route.path).toEqual([...names].sort());
        expect(
          route.errors.filter((code) => (COMMON_ERRORS as readonly string[]).includes(code)),
          route.path,
        ).toEqual([]);
      }
    }
  });

  it("are what the browser's route tables say (method, path, body, download)", () => {
    expect(monthCloseRoutes).toEqual(routeTableOf(monthCloseContract));
    expect(deadlinesRoutes).toEqual(routeTableOf(deadlinesContract));
    expect(overviewRoutes).toEqual(routeTableOf(overviewContract));
    expect(payrollRoutes).toEqual(routeTableOf(payrollContract));
    expect(entriesRoutes).toEqual(routeTableOf(entriesContract));
    expect(fileImportRoutes).toEqual(routeTableOf(fileImportContract));
    expect(importChecksRoutes).toEqual(routeTableOf(importChecksContract));
    expect(trialBalanceRoutes).toEqual(routeTableOf(trialBalanceContract));
    expect(workspacesRoutes).toEqual(routeTableOf(workspacesContract));
    expect(mailRoutes).toEqual(routeTableOf(mailContract));
    expect(remindersRoutes).toEqual(routeTableOf(remindersContract));
    expect(webhooksRoutes).toEqual(routeTableOf(webhooksContract));
    expect(signInRoutes).toEqual(routeTableOf(signInContract));
    expect(notificationsRoutes).toEqual(routeTableOf(notificationsContract));
    expect(passkeysRoutes).toEqual(routeTableOf(passkeysContract));
    expect(accountLinkingRoutes).toEqual(routeTableOf(accountLinkingContract));
  });

  it("derive the URLs the routes always had", () => {
    const entries = contractClient<typeof entriesContract>(entriesRoutes);
    expect(entries.stream.href({ companyId: 1001, kind: "hours", period: "2026-03", since: 4, client: "abcdefgh" })).toBe(
      "/api/payroll-entries/1001/hours/stream?period=2026-03&since=4&client=abcdefgh",
    );
    const payroll = contractClient<typeof payrollContract>(payrollRoutes);
    expect(payroll.disconnect.href({ id: "a b" })).toBe("/api/payroll/connection?id=a+b");
    expect(payroll.getImport.href({ importId: "x/y", report: "1" })).toBe("/api/payroll/imports/x%2Fy?report=1");
    expect(overviewApi.list.href({ show: ["mine", "overdue"], q: "Bäckerei" })).toBe(
      "/api/overview?show=mine&show=overdue&q=B%C3%A4ckerei",
    );
    const trialBalance = contractClient<typeof trialBalanceContract>(trialBalanceRoutes);
    expect(trialBalance.export.href({ format: "pdf", columns: ["a", "b"] })).toBe(
      "/api/trial-balance/export?format=pdf&columns=a&columns=b",
    );
  });
});
