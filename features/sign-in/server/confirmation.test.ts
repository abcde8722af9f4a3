import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { testDb } from "@/scripts/test/db";
import { isRecentlyConfirmed, RECENT_CONFIRMATION_MS } from "@/lib/auth/server/recent-confirmation";
import { createSession, loadSessionUser } from "@/lib/auth/server/session-store";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { ApiError } from "@/lib/http/api-error";
import { addPasskey, registrationOptions } from "@/features/passkeys/server/registration";
import { SoftAuthenticator } from "@/features/passkeys/testing/soft-authenticator";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import {
  confirmationMethods,
  confirmPasskeyOptions,
  confirmWithCode,
  confirmWithPasskey,
  sendConfirmationCode,
} from "./confirmation";

// Codes go through the outbox (nothing sends them here): the test reads them from its rows.
beforeAll(() => {
  process.env.SMTP_URL ??= "smtp://127.0.0.1:9";
});
afterEach(() => resetTestClock());

type TestDb = ReturnType<typeof testDb>;

const ORIGIN = "http://localhost:3999";
const MAIL = { locale: "en", subject: () => "Your code", text: ({ code }: { code: string }) => `Code: ${code}` };

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const email = `cora-${randomUUID().slice(0, 8)}@example.com`;
  const user = await db.user.create({ data: { email, verifiedEmail: email, displayName: "Cora Confirm" } });
  onCleanup(async () => {
    await db.$executeRaw`DELETE FROM mail_outbox WHERE user_id = ${user.id}::uuid`;
    await db.rateLimit.deleteMany({ where: { key: { contains: user.id } } });
    await db.user.delete({ where: { id: user.id } });
  });
  await ensurePersonalWorkspace(user.id);
  return { id: user.id, email };
});

async function sessionOf(userId: string) {
  return (await loadSessionUser(await createSession(userId), userId))!;
}

/** The person as the next request reads them (the session row as it is now). */
async function reread(user: { id: string; sessionId: string }) {
  return (await loadSessionUser(user.sessionId, user.id))!;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; extra?: Record<string, unknown> }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof ApiError
    ? { code: error.code, extra: error.extra }
    : { code: `not refused (${String(error)})` };
}

function later(minutes: number) {
  setTestClockOffset(nowMs() - Date.now() + minutes * 60_000);
}

async function lastCode(db: TestDb, userId: string): Promise<string> {
  const rows = await db.$queryRaw<
    { text: string }[]
  >`SELECT text FROM mail_outbox WHERE user_id = ${userId}::uuid ORDER BY id DESC LIMIT 1`;
  return /Code: (\d{6})/.exec(rows[0]!.text)![1]!;
}

async function withPasskey(user: Awaited<ReturnType<typeof sessionOf>>) {
  const authenticator = new SoftAuthenticator("localhost", ORIGIN);
  const options = await registrationOptions(user);
  await addPasskey(user, authenticator.register(options.challenge) as never, "Laptop");
  return authenticator;
}

describe("confirming with an e-mail code", () => {
  it("confirms this session once with the mailed code; the same code again is refused", async ({ db, person }) => {
    const user = await sessionOf(person.id);
    later(11);
    expect(isRecentlyConfirmed(await reread(user))).toBe(false);
    const sent = await sendConfirmationCode(user, MAIL);
    expect(sent.sentTo).toMatch(/^c•+@example\.com$/);
    const stored = await db.sessionConfirmationCode.findUniqueOrThrow({ where: { sessionId: user.sessionId } });
    const code = await lastCode(db, person.id);
    expect(stored.codeHash).not.toContain(code);
    const outbox = (await db.$queryRaw`SELECT to_address FROM mail_outbox WHERE user_id = ${person.id}::uuid`) as {
      to_address: string;
    }[];
    expect(outbox.map((row) => row.to_address)).toEqual([person.email]);
    await confirmWithCode(user, code);
    expect(isRecentlyConfirmed(await reread(user))).toBe(true);
    expect((await refusal(confirmWithCode(user, code))).code).toBe("confirmation_code_invalid");
    const trail = await db.auditEntry.findMany({
      where: {
        workspace: { personalUserId: person.id },
        kind: { in: ["session.confirmed", "session.confirmation_failed"] },
      },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
      select: { kind: true, details: true },
    });
    expect(trail.map((entry) => [entry.kind, (entry.details as { method: string }).method])).toEqual([
      ["session.confirmed", "email_code"],
      ["session.confirmation_failed", "email_code"],
    ]);
  });

  it("counts wrong codes: 5 wrong tries use the code up, even the right one is then refused", async ({
    db,
    person,
  }) => {
    const user = await sessionOf(person.id);
    await sendConfirmationCode(user, MAIL);
    const code = await lastCode(db, person.id);
    const wrong = code === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1, 0]) {
      expect(await refusal(confirmWithCode(user, wrong))).toEqual({
        code: "confirmation_code_wrong",
        extra: { triesLeft: left },
      });
    }
    expect(await refusal(confirmWithCode(user, code))).toEqual({
      code: "confirmation_code_invalid",
      extra: { reason: "tries" },
    });
    // A new code starts over.
    await sendConfirmationCode(user, MAIL);
    await confirmWithCode(user, await lastCode(db, person.id));
  });

  it("holds the 5 tries under 40 parallel wrong guesses: at most 5 counted, the right code then refused", async ({
    db,
    person,
  }) => {
    const user = await sessionOf(person.id);
    await sendConfirmationCode(user, MAIL);
    const code = await lastCode(db, person.id);
    const guesses = Array.from({ length: 40 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, "0"),
    );
    const refusals = await Promise.all(guesses.map((guess) => refusal(confirmWithCode(user, guess))));
    expect(refusals.filter((refused) => refused.code === "confirmation_code_wrong").length).toBeLessThanOrEqual(5);
    expect(refusals.every((refused) => refused.code.startsWith("confirmation_code_"))).toBe(true);
    const row = await db.sessionConfirmationCode.findUnique({ where: { sessionId: user.sessionId } });
    expect(row?.wrongTries ?? 5).toBeLessThanOrEqual(5);
    expect(await refusal(confirmWithCode(user, code))).toEqual({
      code: "confirmation_code_invalid",
      extra: { reason: "tries" },
    });
  });

  it("refuses an expired code (10 minutes on the app's clock) and another session's code", async ({ db, person }) => {
    const user = await sessionOf(person.id);
    const other = await sessionOf(person.id);
    await sendConfirmationCode(user, MAIL);
    const code = await lastCode(db, person.id);
    expect((await refusal(confirmWithCode(other, code))).code).toBe("confirmation_code_invalid");
    later(10 + 1 / 60);
    expect(await refusal(confirmWithCode(user, code))).toEqual({
      code: "confirmation_code_invalid",
      extra: { reason: "expired" },
    });
    expect(isRecentlyConfirmed(await reread(other), nowMs())).toBe(false);
  });

  it("limits how many codes a session asks for (429)", async ({ person }) => {
    const user = await sessionOf(person.id);
    for (let index = 0; index < 5; index += 1) await sendConfirmationCode(user, MAIL);
    expect((await refusal(sendConfirmationCode(user, MAIL))).code).toBe("rate_limited");
  });
});

describe("confirming with a passkey", () => {
  it("confirms with the person's passkey once; a replayed answer and another session's challenge are refused", async ({
    db,
    person,
  }) => {
    const user = await sessionOf(person.id);
    const other = await sessionOf(person.id);
    const authenticator = await withPasskey(user);
    later(11);
    const options = await confirmPasskeyOptions(user);
    const answer = authenticator.assert(options.challenge, person.id);
    // Answering this session's challenge from another session: refused, nothing confirmed.
    expect((await refusal(confirmWithPasskey(other, answer as never))).code).toBe("passkey_challenge_invalid");
    expect(isRecentlyConfirmed(await reread(other))).toBe(false);
    // (The refusal above did not use the challenge up: it was another session's.)
    await confirmWithPasskey(user, answer as never);
    expect(isRecentlyConfirmed(await reread(user))).toBe(true);
    expect((await refusal(confirmWithPasskey(user, answer as never))).code).toBe("passkey_challenge_invalid");
    const failed = await db.auditEntry.count({
      where: { workspace: { personalUserId: person.id }, kind: "session.confirmation_failed" },
    });
    expect(failed).toBe(2);
    expect(
      await db.auditEntry.count({ where: { workspace: { personalUserId: person.id }, kind: "session.confirmed" } }),
    ).toBe(1);
  });

  it("refuses another person's passkey on one's own challenge", async ({ person, db }) => {
    const user = await sessionOf(person.id);
    await withPasskey(user);
    const stranger = await db.user.create({ data: { displayName: "Stan" } });
    try {
      const theirs = await sessionOf(stranger.id);
      const theirAuthenticator = await withPasskey(theirs);
      const options = await confirmPasskeyOptions(user);
      expect(
        (await refusal(confirmWithPasskey(user, theirAuthenticator.assert(options.challenge, stranger.id) as never)))
          .code,
      ).toBe("passkey_refused");
    } finally {
      await db.user.delete({ where: { id: stranger.id } });
    }
  });
});

describe("the ways offered", () => {
  it("offers the code and the passkey; only the passkey when the workspace requires passkeys", async ({
    db,
    person,
  }) => {
    const user = await sessionOf(person.id);
    expect(await confirmationMethods(user)).toMatchObject({ passkey: false, emailCode: true, recent: true });
    await withPasskey(user);
    expect(await confirmationMethods(user)).toMatchObject({ passkey: true, emailCode: true });
    await db.workspace.update({ where: { id: user.workspace!.id }, data: { requirePasskey: true } });
    expect(await confirmationMethods(user)).toMatchObject({ passkey: true, emailCode: false });
    expect((await refusal(sendConfirmationCode(user, MAIL))).code).toBe("forbidden");
    later(RECENT_CONFIRMATION_MS / 60_000 + 1);
    expect((await confirmationMethods(await reread(user))).recent).toBe(false);
  });

  it("offers nothing to a person with neither a passkey nor an address (they sign in again)", async ({ db }) => {
    const user = await db.user.create({
      data: { displayName: "Nora Nothing", accountingUserId: `nothing:${randomUUID()}` },
    });
    try {
      expect(await confirmationMethods(await sessionOf(user.id))).toMatchObject({
        passkey: false,
        emailCode: false,
        email: null,
      });
    } finally {
      await db.user.delete({ where: { id: user.id } });
    }
  });
});
