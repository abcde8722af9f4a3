import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, vi } from "vitest";
import { test as it } from "@/features/accounting/testing/fixtures";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { SIGN_IN_QUEUES } from "@/features/sign-in/queues";
import type { testDb } from "@/scripts/test/db";
import {
  CHALLENGE_KEPT_AFTER_EXPIRY_MS,
  LINK_KEPT_AFTER_EXPIRY_MS,
  startSignInJobs,
  sweepSignInLeftovers,
} from "./sweep";

// Unauthenticated asks (e-mail links, passkey sign-in options) each write a row: expired ones are
// deleted by a scheduled pg-boss job. As the app's role (the suite's DATABASE_URL), with real pg-boss.

afterEach(() => resetTestClock());
afterAll(() => stopBoss());

const MINUTE = 60_000;

async function leftovers(db: ReturnType<typeof testDb>, ageMs: { link: number; challenge: number }) {
  const at = nowMs();
  const tag = randomUUID();
  const link = await db.emailSignInLink.create({
    data: {
      tokenHash: `sweep-${tag}`,
      email: `${tag}@example.com`,
      browserHash: "b",
      expiresAt: new Date(at - ageMs.link),
    },
  });
  const challenge = await db.passkeyChallenge.create({
    data: {
      challenge: `sweep-${tag}`,
      purpose: "sign_in",
      browserHash: "b",
      expiresAt: new Date(at - ageMs.challenge),
    },
  });
  const exists = async () => ({
    link: (await db.emailSignInLink.count({ where: { id: link.id } })) === 1,
    challenge: (await db.passkeyChallenge.count({ where: { id: challenge.id } })) === 1,
  });
  return { exists };
}

describe("the sign-in sweep", () => {
  it("deletes expired links after a day and expired passkey challenges after 10 minutes, nothing younger", async ({
    db,
  }) => {
    const young = await leftovers(db, {
      link: LINK_KEPT_AFTER_EXPIRY_MS - MINUTE,
      challenge: CHALLENGE_KEPT_AFTER_EXPIRY_MS - MINUTE,
    });
    const live = await leftovers(db, { link: -10 * MINUTE, challenge: -4 * MINUTE });
    const old = await leftovers(db, {
      link: LINK_KEPT_AFTER_EXPIRY_MS + MINUTE,
      challenge: CHALLENGE_KEPT_AFTER_EXPIRY_MS + MINUTE,
    });
    const swept = await sweepSignInLeftovers();
    expect(swept.links).toBeGreaterThanOrEqual(1);
    expect(swept.challenges).toBeGreaterThanOrEqual(1);
    expect(await old.exists()).toEqual({ link: false, challenge: false });
    expect(await young.exists()).toEqual({ link: true, challenge: true });
    expect(await live.exists()).toEqual({ link: true, challenge: true });
    // By the app's clock (only 2 minutes on: other files' live rows share the database): the young ones are old now.
    setTestClockOffset(2 * MINUTE);
    await sweepSignInLeftovers();
    expect(await young.exists()).toEqual({ link: false, challenge: false });
    expect(await live.exists()).toEqual({ link: true, challenge: true });
  });

  it("is a pg-boss job with a schedule, run by the app's worker", async ({ db }) => {
    const old = await leftovers(db, {
      link: LINK_KEPT_AFTER_EXPIRY_MS + MINUTE,
      challenge: CHALLENGE_KEPT_AFTER_EXPIRY_MS + MINUTE,
    });
    await startSignInJobs();
    const boss = await getBoss();
    expect((await boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
      SIGN_IN_QUEUES.sweep,
      "*/10 * * * *",
    ]);
    // The scheduled job, sent now rather than at the next tenth minute: the worker deletes the rows.
    await boss.send(SIGN_IN_QUEUES.sweep, {});
    await vi.waitFor(async () => expect(await old.exists()).toEqual({ link: false, challenge: false }), {
      timeout: 20_000,
      interval: 200,
    });
  });
});
