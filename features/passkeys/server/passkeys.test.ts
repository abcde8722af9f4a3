import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { createSession } from "@/lib/auth/server/session-store";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { ApiError } from "@/lib/http/api-error";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { SoftAuthenticator } from "../testing/soft-authenticator";
import { authenticationOptions } from "./authentication";
import { removePasskey, renamePasskey } from "./manage";
import { addPasskey, registrationOptions } from "./registration";
import { postSignInOptions, postSignInWithPasskey } from "./sign-in-handlers";

const ORIGIN = "http://localhost:3999";
const BROWSER = "ledgerlane.sign-in-browser";
const noParams = { params: Promise.resolve({}) };

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const email = `pia-${randomUUID().slice(0, 8)}@example.com`;
  const user = await db.user.create({ data: { email, verifiedEmail: email, displayName: "Pia Passkey" } });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  const sessionId = await createSession(user.id);
  return { id: user.id, sessionId, displayName: "Pia Passkey", email, verifiedEmail: email };
});

afterEach(() => resetTestClock());

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof ApiError ? error.code : `not refused (${String(error)})`;
}

async function registered(person: Parameters<typeof registrationOptions>[0]) {
  const authenticator = new SoftAuthenticator("localhost", ORIGIN);
  const options = await registrationOptions(person);
  const passkey = await addPasskey(person, authenticator.register(options.challenge) as never, "Laptop");
  return { authenticator, passkey };
}

function post(path: string, body: unknown, browser?: string): NextRequest {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
  };
  if (browser) headers.cookie = `${BROWSER}=${browser}`;
  return new NextRequest(`${ORIGIN}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

/** Options in a browser: its nonce cookie (made by the answer) and the challenge. */
async function signInOptions(): Promise<{ browser: string; challenge: string }> {
  const response = await postSignInOptions(post("/api/sign-in/passkey/options", {}), noParams);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${BROWSER}=`))!;
  const body = (await response.json()) as { data: { options: { challenge: string } } };
  return { browser: cookie.split(";")[0]!.slice(BROWSER.length + 1), challenge: body.data.options.challenge };
}

async function signIn(response: unknown, browser: string) {
  const answer = await postSignInWithPasskey(post("/api/sign-in/passkey", { response }, browser), noParams);
  return {
    status: answer.status,
    cookies: answer.headers.getSetCookie(),
    body: (await answer.json()) as { error?: { code: string } },
  };
}

describe("adding a passkey", () => {
  it("keeps a verified passkey once per challenge, in the person's trail", async ({ db, person }) => {
    const { authenticator, passkey } = await registered(person);
    expect(passkey.name).toBe("Laptop");
    const stored = await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect(stored.userId).toBe(person.id);
    const options = await registrationOptions(person);
    const answer = new SoftAuthenticator("localhost", ORIGIN).register(options.challenge);
    await addPasskey(person, answer as never, "Phone");
    expect(await refusal(addPasskey(person, answer as never, "Phone again"))).toBe("passkey_challenge_invalid");
    expect(authenticator.credentialId.length).toBe(16);
    const kinds = await db.auditEntry.findMany({
      where: { actorId: person.id, kind: "passkey.added" },
      select: { details: true },
    });
    expect(kinds.map((entry) => (entry.details as { name: string }).name).sort()).toEqual(["Laptop", "Phone"]);
  });

  it("refuses an expired challenge (6 minutes on the clock), another session's and another origin's answer", async ({
    person,
  }) => {
    const late = await registrationOptions(person);
    setTestClockOffset(6 * 60_000);
    expect(
      await refusal(
        addPasskey(person, new SoftAuthenticator("localhost", ORIGIN).register(late.challenge) as never, "Late"),
      ),
    ).toBe("passkey_challenge_expired");
    const other = await registrationOptions(person);
    const elsewhere = { ...person, sessionId: randomUUID() };
    expect(
      await refusal(
        addPasskey(elsewhere, new SoftAuthenticator("localhost", ORIGIN).register(other.challenge) as never, "X"),
      ),
    ).toBe("passkey_challenge_invalid");
    const phishing = await registrationOptions(person);
    const answer = new SoftAuthenticator("localhost", "https://evil.example").register(phishing.challenge);
    expect(await refusal(addPasskey(person, answer as never, "Evil"))).toBe("passkey_refused");
  });
});

describe("signing in with a passkey", () => {
  it("signs in once; the same answer again is refused and signs nobody in", async ({ db, person }) => {
    const { authenticator } = await registered(person);
    const { browser, challenge } = await signInOptions();
    const answer = authenticator.assert(challenge, person.id);
    const first = await signIn(answer, browser);
    expect(first.status).toBe(200);
    expect(first.cookies.some((cookie) => cookie.startsWith("ledgerlane.session="))).toBe(true);
    expect(await db.session.count({ where: { userId: person.id, method: "passkey" } })).toBe(1);
    const replayed = await signIn(answer, browser);
    expect(replayed.body.error?.code).toBe("passkey_challenge_invalid");
    expect(replayed.cookies.some((cookie) => cookie.startsWith("ledgerlane.session="))).toBe(false);
    expect(await db.session.count({ where: { userId: person.id, method: "passkey" } })).toBe(1);
    const failures = await db.auditEntry.findMany({
      where: { kind: "session.sign_in_failed", workspace: { personalUserId: person.id } },
    });
    expect(failures.map((entry) => (entry.details as { reason: string }).reason)).toContain("replayed");
  });

  it("refuses a counter that did not grow (a cloned or replayed signature on a new challenge)", async ({
    db,
    person,
  }) => {
    const { authenticator } = await registered(person);
    const first = await signInOptions();
    expect((await signIn(authenticator.assert(first.challenge, person.id), first.browser)).status).toBe(200);
    const second = await signInOptions();
    const stale = await signIn(
      authenticator.assert(second.challenge, person.id, { keepCounter: true }),
      second.browser,
    );
    expect(stale.body.error?.code).toBe("passkey_refused");
    expect(await db.session.count({ where: { userId: person.id, method: "passkey" } })).toBe(1);
  });

  it("refuses an expired challenge, one from another browser, and an unknown passkey", async ({ person }) => {
    const { authenticator } = await registered(person);
    const other = await signInOptions();
    const mine = await signInOptions();
    expect((await signIn(authenticator.assert(other.challenge, person.id), mine.browser)).body.error?.code).toBe(
      "passkey_challenge_invalid",
    );
    const stranger = new SoftAuthenticator("localhost", ORIGIN);
    expect((await signIn(stranger.assert(mine.challenge, person.id), mine.browser)).body.error?.code).toBe(
      "passkey_refused",
    );
    const late = await signInOptions();
    setTestClockOffset(nowMs() - Date.now() + 6 * 60_000);
    expect((await signIn(authenticator.assert(late.challenge, person.id), late.browser)).body.error?.code).toBe(
      "passkey_challenge_expired",
    );
  });

  it("offers only the person's passkeys when confirming within a session", async ({ person }) => {
    await registered(person);
    const options = await authenticationOptions("confirm", person.sessionId, person.id);
    expect(options.allowCredentials).toHaveLength(1);
  });
});

describe("one's own passkeys", () => {
  it("renames and removes one's own; another person's is not found", async ({ db, person }) => {
    const { passkey } = await registered(person);
    expect(await refusal(renamePasskey(randomUUID(), passkey.id, "Mine now"))).toBe("not_found");
    expect(await refusal(removePasskey(randomUUID(), passkey.id))).toBe("not_found");
    expect((await renamePasskey(person.id, passkey.id, "Work laptop")).name).toBe("Work laptop");
    await removePasskey(person.id, passkey.id);
    expect(await db.passkey.count({ where: { userId: person.id } })).toBe(0);
    const kinds = await db.auditEntry.findMany({
      where: { actorId: person.id, kind: { startsWith: "passkey." } },
      select: { kind: true },
    });
    expect(kinds.map((entry) => entry.kind).sort()).toEqual(["passkey.added", "passkey.removed", "passkey.renamed"]);
  });
});
