import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { grantTokens } from "@/features/accounting/testing/sandbox-grant";
import { ALICE, grantClientFor } from "@/features/accounting/testing/test-env";
import { accountingConfig } from "@/features/accounting/oauth/server/config";
import { createSession } from "@/lib/auth/server/session-store";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { ApiError } from "@/lib/http/api-error";
import { requestSignInLink } from "@/features/sign-in/core/server/email-link";
import { completeSignIn } from "@/features/sign-in/core/server/complete-sign-in";
import type { PrismaClient } from "@/lib/db/generated/client";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import {
  beginAccountLink,
  cancelAccountLink,
  confirmAccountLink,
  holdLinkAnswer,
  linkIntentFor,
  pendingLink,
} from "./account-link";
import { requestEmailVerification, verifyEmail } from "./email-verification";
import { postAddSignInEmail, postConfirmLink } from "./handlers";
import { completeLinkCallback } from "./link-callback";

// Who is signed in for a handler's call (the route wrapper reads the session through this module).
const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});
vi.mock("next-intl/server", () => ({
  getTranslations: () =>
    Promise.resolve(
      Object.assign((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`, {
        has: () => true,
      }),
    ),
  getLocale: () => Promise.resolve("de"),
}));

const ORIGIN = "http://localhost:3999";
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

interface Person {
  id: string;
  sessionId: string;
  email: string | null;
}

/** An e-mail person (no accounting account), signed in, with a personal workspace (their trail). */
const it = test.extend("emma", async ({ db }, { onCleanup }) => {
  const email = address("emma");
  const user = await db.user.create({
    data: { email, verifiedEmail: email, emailVerifiedAt: new Date(), displayName: "Emma Email" },
  });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  return { id: user.id, sessionId: await createSession(user.id, { method: "email" }), email } satisfies Person;
});

/** Someone without a sign-in e-mail (think: signed in through the accounting service). */
const withOther = it.extend("other", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { displayName: "Otto Other" } });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  return { id: user.id, sessionId: await createSession(user.id), email: null } satisfies Person;
});

afterEach(() => {
  resetTestClock();
  session.current = null;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof ApiError ? error.code : `not refused (${String(error)})`;
}

/** Asks for a code to `email` as `person`, answering the code the mail carries. */
async function askCode(person: Person, email: string): Promise<string> {
  let code = "";
  await requestEmailVerification({ id: person.id, locale: "en" }, email, (value) => {
    code = value;
    return { subject: "code", text: `code ${value}`, html: `<p>${value}</p>` };
  });
  return code;
}

async function trail(db: PrismaClient, userId: string, kind: string) {
  return (await db.auditEntry.findMany({
    where: { kind, workspace: { personalUserId: userId } },
    orderBy: { occurredAt: "asc" },
  })) as unknown as { actorId: string | null; details: Record<string, unknown> }[];
}

describe("adding a sign-in e-mail", () => {
  withOther(
    "mails a code; the right code makes the address theirs, audited, and they can sign in by e-mail link",
    async ({ db, other }) => {
      const email = address("otto");
      const code = await askCode(other, email);
      expect(code).toMatch(/^\d{6}$/);
      expect(
        await requestSignInLink({ email, callbackUrl: null, browserNonce: randomUUID(), ip: "10.9.0.1" }),
      ).toMatchObject({
        recipient: null,
      });
      expect(await verifyEmail(other.id, code)).toBe(email);
      const user = await db.user.findUniqueOrThrow({ where: { id: other.id } });
      expect(user.verifiedEmail).toBe(email);
      const entries = await trail(db, other.id, "account.email_added");
      expect(entries.map((entry) => entry.details)).toEqual([{ email }]);
      expect(entries[0]!.actorId).toBe(other.id);
      const link = await requestSignInLink({ email, callbackUrl: null, browserNonce: randomUUID(), ip: "10.9.0.2" });
      expect(link.recipient?.userId).toBe(other.id);
    },
  );

  withOther(
    "refuses a wrong code (counted), then the right one after 5 wrong tries, as expired",
    async ({ db, other }) => {
      const code = await askCode(other, address("otto"));
      const wrong = code === "000000" ? "111111" : "000000";
      for (let index = 0; index < 5; index += 1)
        expect(await refusal(verifyEmail(other.id, wrong))).toBe("verification_code_wrong");
      expect(await refusal(verifyEmail(other.id, code))).toBe("verification_code_expired");
      expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).verifiedEmail).toBeNull();
    },
  );

  withOther("refuses a code used once already, and one 15 minutes old", async ({ db, other }) => {
    const code = await askCode(other, address("otto"));
    await verifyEmail(other.id, code);
    expect(await refusal(verifyEmail(other.id, code))).toBe("verification_code_used");
    const late = address("late");
    const lateCode = await askCode(other, late);
    setTestClockOffset(15 * 60_000 + 1000);
    expect(await refusal(verifyEmail(other.id, lateCode))).toBe("verification_code_expired");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).verifiedEmail).not.toBe(late);
  });

  withOther("a code works only for the person who asked", async ({ db, emma, other }) => {
    const email = address("otto");
    const code = await askCode(other, email);
    expect(await refusal(verifyEmail(emma.id, code))).toBe("not_found");
    await askCode(emma, address("emma"));
    expect(await refusal(verifyEmail(emma.id, code))).toBe("verification_code_wrong");
    expect((await db.user.findUniqueOrThrow({ where: { id: emma.id } })).verifiedEmail).toBe(emma.email);
  });

  withOther(
    "refuses an address another person verified, after the code, and merges nothing",
    async ({ db, emma, other }) => {
      const code = await askCode(other, emma.email!);
      expect(await refusal(verifyEmail(other.id, code))).toBe("email_belongs_to_other");
      expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).verifiedEmail).toBeNull();
      expect((await db.user.findUniqueOrThrow({ where: { id: emma.id } })).verifiedEmail).toBe(emma.email);
      expect(await trail(db, other.id, "account.email_added")).toEqual([]);
    },
  );

  withOther(
    "the route mails the code through the outbox in the person's language; the 6th request in 15 minutes is 429",
    async ({ db, other }) => {
      session.current = { userId: other.id, sessionId: other.sessionId };
      const email = address("otto");
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const request = new NextRequest(`${ORIGIN}/api/account/email`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: index === 5 ? address("more") : email }),
        });
        const response = await postAddSignInEmail(request, { params: Promise.resolve({}) });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      const mails = await db.mailOutbox.findMany({ where: { toAddress: email }, orderBy: { createdAt: "desc" } });
      expect(mails).toHaveLength(5);
      expect(mails[0]!.locale).toBe("de");
      const code = /"code":"(\d{6})"/.exec(mails[0]!.text)![1]!;
      expect(await verifyEmail(other.id, code)).toBe(email);
    },
  );
});

/**
 * A real token response of the sandbox's Alice, as next-auth hands it to the jwt callback: from
 * the sandbox the app's configuration names (each extended fixture chain may start its own).
 */
async function aliceAccount() {
  const config = accountingConfig();
  const client = {
    ...grantClientFor({ urls: { accounting: { auth_url: config.authUrl, token_url: config.tokenUrl } } } as never),
  };
  const tokens = await grantTokens(client, ALICE);
  aliceIds.add(String(tokens.requested_by_id));
  return {
    ...tokens,
    requested_by_id: String(tokens.requested_by_id),
    expires_at: Math.round(Date.now() / 1000) + Number(tokens.expires_in ?? 300),
  };
}

/** Begins and holds a link of Alice's account for `person`'s session (steps 1 and 2). */
async function heldLink(person: Person): Promise<{ intentId: string; accountingUserId: string }> {
  const nonce = await beginAccountLink({ userId: person.id, sessionId: person.sessionId, accountingUserId: null });
  const intentId = await linkIntentFor(nonce!, { userId: person.id, sessionId: person.sessionId });
  const account = await aliceAccount();
  const link = { intentId, session: { userId: person.id, sessionId: person.sessionId } } as Parameters<
    typeof completeLinkCallback
  >[2];
  expect(await completeLinkCallback(account, "GB", link)).toEqual({ uid: person.id, sid: person.sessionId });
  expect(link.outcome).toBe("held");
  return { intentId: intentId!, accountingUserId: String(account.requested_by_id) };
}

/** Alice's account (the sandbox's) is nobody's after each test. */
const aliceIds = new Set<string>();
const linking = withOther.extend("aliceCleanup", { auto: true }, async ({ db }, { onCleanup }) => {
  onCleanup(() => db.user.deleteMany({ where: { accountingUserId: { in: [...aliceIds] } } }).then(() => undefined));
});

describe("linking an accounting account to an e-mail person", () => {
  linking(
    "holds the service's answer for this session, and only Confirm links; confirming again is refused",
    async ({ db, emma }) => {
      const { intentId, accountingUserId } = await heldLink(emma);
      // Nothing linked or made yet: no person for Alice's account, Emma still e-mail only.
      expect(await db.user.findUnique({ where: { accountingUserId } })).toBeNull();
      const shown = await pendingLink({ userId: emma.id, sessionId: emma.sessionId });
      expect(shown).toMatchObject({ id: intentId, email: emma.email, refusal: null });
      expect(shown!.accountingName).toBeTruthy();
      await confirmAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId);
      const user = await db.user.findUniqueOrThrow({
        where: { id: emma.id },
        include: { accountingConnections: true },
      });
      expect(user.accountingUserId).toBe(accountingUserId);
      expect(user.verifiedEmail).toBe(emma.email);
      expect(user.accountingConnections).toHaveLength(1);
      const entries = await trail(db, emma.id, "account.linked");
      expect(entries.map((entry) => entry.details)).toEqual([
        { accountingName: shown!.accountingName, email: emma.email },
      ]);
      // Emma is told at her address: an accounting account now signs in as her.
      const told = await db.mailOutbox.findMany({ where: { userId: emma.id, kind: "security:way_in_added" } });
      expect(told.map((mail) => [mail.toAddress, mail.text.includes(shown!.accountingName!)])).toEqual([
        [emma.email, true],
      ]);
      // A replayed confirmation (and a cancel after it) finds nothing waiting.
      expect(await refusal(confirmAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId))).toBe(
        "account_link_invalid",
      );
      expect(await refusal(cancelAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId))).toBe(
        "account_link_invalid",
      );
      // The accounting sign-in now reaches the same person.
      const signIn = await completeSignIn(await aliceAccount(), "GB");
      expect(signIn.userId).toBe(emma.id);
    },
  );

  linking("Cancel links nothing and is recorded", async ({ db, emma }) => {
    const { intentId, accountingUserId } = await heldLink(emma);
    await cancelAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId);
    expect((await db.user.findUniqueOrThrow({ where: { id: emma.id } })).accountingUserId).toBeNull();
    expect(await db.user.findUnique({ where: { accountingUserId } })).toBeNull();
    expect(await db.accountLinkIntent.findUniqueOrThrow({ where: { id: intentId } })).toMatchObject({
      outcome: "cancelled",
      tokensEncrypted: null,
    });
    expect(await trail(db, emma.id, "account.link_cancelled")).toHaveLength(1);
    expect(await refusal(confirmAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId))).toBe(
      "account_link_invalid",
    );
  });

  linking(
    "refuses a link from another session or person, a replayed callback, a late one and a confirmation elsewhere",
    async ({ db, emma, other }) => {
      const nonce = (await beginAccountLink({ userId: emma.id, sessionId: emma.sessionId, accountingUserId: null }))!;
      const otherSessionOfEmma = await createSession(emma.id, { method: "email" });
      expect(await linkIntentFor(nonce, { userId: emma.id, sessionId: otherSessionOfEmma })).toBeNull();
      expect(await linkIntentFor(nonce, { userId: other.id, sessionId: other.sessionId })).toBeNull();
      expect(await linkIntentFor(randomUUID(), { userId: emma.id, sessionId: emma.sessionId })).toBeNull();
      // The callback with no link of this session: refused, the browser stays who it was, nobody made, recorded.
      const account = await aliceAccount();
      const refused = { intentId: null, session: { userId: other.id, sessionId: other.sessionId } } as Parameters<
        typeof completeLinkCallback
      >[2];
      expect(await completeLinkCallback(account, "GB", refused)).toEqual({ uid: other.id, sid: other.sessionId });
      expect(refused.outcome).toBe("refused");
      expect(await db.user.findUnique({ where: { accountingUserId: String(account.requested_by_id) } })).toBeNull();
      expect((await trail(db, other.id, "session.sign_in_failed")).map((entry) => entry.details)).toEqual([
        { method: "accounting", reason: "callback_failed", email: "" },
      ]);
      // Held once: the same nonce cannot bring a second answer.
      const intentId = (await linkIntentFor(nonce, { userId: emma.id, sessionId: emma.sessionId }))!;
      expect(
        await holdLinkAnswer(intentId, {
          accountingUserId: "x",
          accountingName: "X",
          tokens: account as never,
          country: "GB",
        }),
      ).toBe(true);
      expect(await linkIntentFor(nonce, { userId: emma.id, sessionId: emma.sessionId })).toBeNull();
      expect(
        await holdLinkAnswer(intentId, {
          accountingUserId: "y",
          accountingName: "Y",
          tokens: account as never,
          country: "GB",
        }),
      ).toBe(false);
      // Confirm from Emma's other session, or by another person: nothing waiting there.
      expect(await refusal(confirmAccountLink({ userId: emma.id, sessionId: otherSessionOfEmma }, intentId))).toBe(
        "account_link_invalid",
      );
      expect(await refusal(confirmAccountLink({ userId: other.id, sessionId: other.sessionId }, intentId))).toBe(
        "account_link_invalid",
      );
      // 15 minutes on: nothing waits any more.
      setTestClockOffset(15 * 60_000 + 1000);
      expect(await pendingLink({ userId: emma.id, sessionId: emma.sessionId })).toBeNull();
      expect(await refusal(confirmAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId))).toBe(
        "account_link_invalid",
      );
      expect((await db.user.findUniqueOrThrow({ where: { id: emma.id } })).accountingUserId).toBeNull();
    },
  );

  linking(
    "an account that already signs in another person is refused on the page and on Confirm: never merged",
    async ({ db, emma }) => {
      const { intentId, accountingUserId } = await heldLink(emma);
      const alice = await db.user.create({ data: { accountingUserId, displayName: "Alice Hartley" } });
      expect(await pendingLink({ userId: emma.id, sessionId: emma.sessionId })).toMatchObject({
        refusal: "account_belongs_to_other",
      });
      expect(await refusal(confirmAccountLink({ userId: emma.id, sessionId: emma.sessionId }, intentId))).toBe(
        "account_belongs_to_other",
      );
      expect((await db.user.findUniqueOrThrow({ where: { id: emma.id } })).accountingUserId).toBeNull();
      expect(await db.accountingConnection.count({ where: { userId: { in: [emma.id, alice.id] } } })).toBe(0);
      expect(await trail(db, emma.id, "account.linked")).toEqual([]);
    },
  );

  linking("the confirm route refuses another person's link as not waiting (404)", async ({ emma, other }) => {
    const { intentId } = await heldLink(emma);
    session.current = { userId: other.id, sessionId: other.sessionId };
    const response = await postConfirmLink(
      new NextRequest(`${ORIGIN}/api/account/links/${intentId}/confirm`, { method: "POST" }),
      {
        params: Promise.resolve({ linkId: intentId }),
      },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "account_link_invalid" } });
  });
});

describe("never linked automatically", () => {
  linking(
    "an accounting sign-in whose service e-mail is an e-mail person's verified address makes a separate person, granting nothing",
    async ({ db }) => {
      await db.user.deleteMany({ where: { verifiedEmail: ALICE.email } });
      const emailPerson = await db.user.create({
        data: { email: ALICE.email, verifiedEmail: ALICE.email, displayName: "Alice by e-mail" },
      });
      try {
        await ensurePersonalWorkspace(emailPerson.id);
        const signIn = await completeSignIn(await aliceAccount(), "GB");
        expect(signIn.userId).not.toBe(emailPerson.id);
        const made = await db.user.findUniqueOrThrow({ where: { id: signIn.userId }, include: { memberships: true } });
        expect(made.email).toBe(ALICE.email);
        expect(made.verifiedEmail).toBeNull();
        const before = await db.user.findUniqueOrThrow({
          where: { id: emailPerson.id },
          include: { memberships: true, sessions: true },
        });
        expect(before.accountingUserId).toBeNull();
        expect(before.sessions).toHaveLength(0);
        // Each is a member of their own personal workspace only.
        const emailWorkspaces = new Set(before.memberships.map((membership) => membership.workspaceId));
        expect(made.memberships.some((membership) => emailWorkspaces.has(membership.workspaceId))).toBe(false);
      } finally {
        await db.user.deleteMany({ where: { id: emailPerson.id } });
      }
    },
  );
});
