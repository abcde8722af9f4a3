import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { handleAndReturnErrorResponse } from "@/lib/http/api-error";
import { testDb } from "@/scripts/test/db";
import { takeRateLimits, type RateLimitRule } from "./rate-limit";

// The limits against the suite's Postgres, with two Prisma clients standing for two app processes.

const one = testDb();
const two = testDb();
afterAll(async () => {
  await Promise.all([one.$disconnect(), two.$disconnect()]);
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A rule of its own per test: the counts of one test never meet another's. */
const rule = (limit: number, windowMs: number): RateLimitRule => ({
  name: `test-${randomUUID()}`,
  limit,
  windowMs,
  message: "Too many.",
});
const at = (iso: string) => new Date(iso);

/** The refusal of `take`, or null when it was allowed. */
async function refusal(take: Promise<void>) {
  try {
    await take;
    return null;
  } catch (error) {
    return error as { code: string; status: number; retryAfterSeconds: number };
  }
}

describe("rate limits", () => {
  it("allows 20 e-mails of a workspace in an hour and answers the 21st with 429 and Retry-After", async () => {
    const perHour = rule(20, HOUR_MS);
    const start = at("2026-11-26T10:00:00Z");
    for (let minute = 0; minute < 20; minute += 1) {
      await takeRateLimits([{ rule: perHour, subject: "workspace-a" }], {
        db: one,
        now: new Date(start.getTime() + minute * 60_000),
      });
    }
    const refused = await refusal(
      takeRateLimits([{ rule: perHour, subject: "workspace-a" }], { db: one, now: at("2026-11-26T10:30:00Z") }),
    );
    // The first use (10:00) leaves the window at 11:00: 30 minutes on.
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 30 * 60 });
    const response = handleAndReturnErrorResponse(refused);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1800");
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: "Too many.", retryAfterSeconds: 1800 },
    });
    // Another workspace has its own count; the window slides: at 11:00 the first use has left it.
    await takeRateLimits([{ rule: perHour, subject: "workspace-b" }], { db: one, now: at("2026-11-26T10:30:00Z") });
    expect(
      await refusal(
        takeRateLimits([{ rule: perHour, subject: "workspace-a" }], { db: one, now: at("2026-11-26T10:59:59Z") }),
      ),
    ).toMatchObject({ retryAfterSeconds: 1 });
    await takeRateLimits([{ rule: perHour, subject: "workspace-a" }], { db: one, now: at("2026-11-26T11:00:00.001Z") });
    expect(
      await refusal(
        takeRateLimits([{ rule: perHour, subject: "workspace-a" }], { db: one, now: at("2026-11-26T11:00:30Z") }),
      ),
    ).toMatchObject({ code: "rate_limited" });
  });

  it("refuses the 6th e-mail to one address in a day, and a refusal takes none of the action's other limits", async () => {
    const perAddress = rule(5, DAY_MS);
    const perWorkspace = rule(20, HOUR_MS);
    const now = at("2026-11-26T09:00:00Z");
    const send = (address: string) =>
      takeRateLimits(
        [
          { rule: perWorkspace, subject: "w" },
          { rule: perAddress, subject: address },
        ],
        { db: one, now },
      );
    for (let index = 0; index < 5; index += 1) await send("carl@example.com");
    expect(await refusal(send("carl@example.com"))).toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 24 * 3600,
    });
    // The refused 6th did not count for the workspace: 15 more fit, to other addresses.
    for (let index = 0; index < 15; index += 1) await send(`person-${index % 3}@example.com`);
    expect(await refusal(send("dora@example.com"))).toMatchObject({ code: "rate_limited" });
    // The next day it is allowed again.
    await takeRateLimits([{ rule: perAddress, subject: "carl@example.com" }], {
      db: one,
      now: new Date(now.getTime() + DAY_MS + 1),
    });
  });

  it("refuses the 11th token attempt in a minute", async () => {
    const perMinute = rule(10, 60_000);
    const now = new Date();
    for (let index = 0; index < 10; index += 1)
      await takeRateLimits([{ rule: perMinute, subject: "person" }], { db: one, now });
    expect(await refusal(takeRateLimits([{ rule: perMinute, subject: "person" }], { db: one, now }))).toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 60,
    });
  });

  it("is one count for two clients of one database (two processes), also when they race", async () => {
    const perHour = rule(20, HOUR_MS);
    const now = new Date();
    // Alternating between the two clients: the 21st is refused whichever asks.
    for (let index = 0; index < 20; index += 1)
      await takeRateLimits([{ rule: perHour, subject: "shared" }], { db: index % 2 ? one : two, now });
    expect(await refusal(takeRateLimits([{ rule: perHour, subject: "shared" }], { db: two, now }))).toMatchObject({
      code: "rate_limited",
    });
    expect(await refusal(takeRateLimits([{ rule: perHour, subject: "shared" }], { db: one, now }))).toMatchObject({
      code: "rate_limited",
    });
    // 30 at once from both: exactly 20 get through.
    const racing = rule(20, HOUR_MS);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        refusal(takeRateLimits([{ rule: racing, subject: "race" }], { db: index % 2 ? one : two, now })),
      ),
    );
    expect(results.filter((result) => result === null)).toHaveLength(20);
    expect(results.filter((result) => result?.code === "rate_limited")).toHaveLength(10);
  });
});
