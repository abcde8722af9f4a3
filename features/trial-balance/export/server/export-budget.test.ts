import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { accountingConfig } from "@/features/accounting/oauth/server/config";
import { freshTest as it } from "@/features/accounting/testing/fixtures";
import { authorize, grantTokens } from "@/features/accounting/testing/sandbox-grant";
import { seedConnection } from "@/features/accounting/testing/seed-connection";
import { grantClientFor } from "@/features/accounting/testing/test-env";
import type { SessionUser } from "@/lib/auth/server/session-store";
import {
  budgetConfigFromEnv,
  countSpentRequest,
  postgresUpstreamBudget,
  setUpstreamBudget,
} from "@/lib/http/server/upstream-budget";
import { exchangeSignInCode } from "@/features/sign-in/server/code-exchange";
import { loadTrialBalance, type ShownBusiness } from "../../load/server/load";
import { loadExportPack } from "../../pack/server/load";
import type { TrialBalanceQuery } from "../../query";

// A person who exports three large trial balances (5,000 accounts, a column per month) and then
// signs in again, against the sandbox's per-person limit, which the service counts the code
// exchange against too. The app's budget is the shared one in Postgres with production's reserves
// (the schema's defaults); its size is the service's limit, 60 a minute here, so that three
// exports (about 67 requests) need more than a minute's share, as in the larger exports.
// The exports leave the export reserve and wait for the next minute; the code exchange and the
// page after it find room; no 429 reaches the person and the service never refuses one.

const BEN = { email: "ben.carter@example.com", password: "sandbox-ben", country: "us" };
const REDWOOD: ShownBusiness = {
  id: "b5f1f367684a07c575f1122dcd615422",
  name: "Redwood Trail Outfitters Inc.",
  currency: "USD",
  switcherBusinessId: null,
};

/** Three exports of the year, monthly, each compared with another period (so none is a copy of another's reads). */
const exports: TrialBalanceQuery[] = (["none", "period", "year"] as const).map(
  (compare) =>
    ({ from: "2025-11-01", to: "2026-10-31", compare, basis: "movement", columns: "months" }) as TrialBalanceQuery,
);

function stats(body: unknown): { perMinute: number[]; rateLimited: number } {
  const { per_minute, rate_limited } = body as {
    per_minute: Record<string, Record<string, number>>;
    rate_limited: number;
  };
  return {
    perMinute: Object.values(per_minute).flatMap((minutes) => Object.values(minutes)),
    rateLimited: rate_limited,
  };
}

describe("a person's exports and their sign-in share the person's request budget", () => {
  it(
    "three large exports, then a sign-in and a page: no 429 reaches the person",
    { timeout: 240_000 },
    async ({ sandbox, db }) => {
      const budget = 60;
      await sandbox.control("POST", "/limits", { accounting_per_minute: budget });
      const config = budgetConfigFromEnv();
      expect(config.reservePercent).toBe(20);
      setUpstreamBudget(postgresUpstreamBudget({ ...config, perWindow: { ...config.perWindow, accounting: budget } }));
      try {
        const tokens = await grantTokens(grantClientFor(sandbox), BEN);
        const { userId, connectionId } = await seedConnection(db, tokens);
        // That sign-in's code exchange, counted on the connection as the app's sign-in counts it.
        await countSpentRequest({ service: "accounting", credential: connectionId });
        const ben = { id: userId, connection: { id: connectionId, status: "active" } } as SessionUser;

        for (const query of exports) {
          const load = await loadExportPack(ben, REDWOOD, query);
          expect(load.kind).toBe("ok");
          if (load.kind === "ok") expect(load.answers.every((answer) => answer.kind === "ok")).toBe(true);
        }

        // Signing in again: the service's pages, then the app's code exchange.
        const verifier = randomBytes(32).toString("base64url");
        const client = grantClientFor(sandbox);
        const callback = await authorize(client, BEN, { verifier, state: "again" });
        const signedIn = await exchangeSignInCode(
          accountingConfig(),
          { code: callback.searchParams.get("code") ?? "", state: "again" },
          { state: "again", code_verifier: verifier },
          client.redirectUri,
        );
        expect(signedIn.access_token).toEqual(expect.any(String));
        // The first page after it, through the person's connection.
        const page = await loadTrialBalance(ben, REDWOOD, exports[0]!);
        expect(page.kind).toBe("ok");

        const seen = stats((await sandbox.control("GET", "/stats")).body);
        expect(seen.rateLimited).toBe(0);
        expect(Math.max(...seen.perMinute)).toBeLessThanOrEqual(budget);
      } finally {
        setUpstreamBudget(undefined);
      }
    },
  );
});
