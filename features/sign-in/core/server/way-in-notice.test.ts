import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { requestEmailVerification, verifyEmail } from "@/features/account-linking/server/email-verification";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createSession } from "@/lib/auth/server/session-store";
import { registrationOptions, addPasskey } from "@/features/passkeys/server/registration";
import { SoftAuthenticator } from "@/features/passkeys/testing/soft-authenticator";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";

// Issue 35, section 3: a new way in is told at every address the person has (the one it replaces
// too), in their language, with the sessions page; someone without an address is told in the app.

const ORIGIN = "http://localhost:3999";
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const reported = address("reported");
  const verified = address("verified");
  const user = await db.user.create({
    data: {
      email: reported,
      verifiedEmail: verified,
      emailVerifiedAt: new Date(),
      displayName: "Nora Notice",
      locale: "de",
    },
  });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  const sessionId = await createSession(user.id);
  return { id: user.id, sessionId, displayName: "Nora Notice", email: reported, verifiedEmail: verified };
});

const withoutAddress = it.extend("bare", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({ data: { displayName: "Bea Bare" } });
  onCleanup(() => db.user.deleteMany({ where: { id: user.id } }).then(() => undefined));
  await ensurePersonalWorkspace(user.id);
  return {
    id: user.id,
    sessionId: await createSession(user.id),
    displayName: "Bea Bare",
    email: null,
    verifiedEmail: null,
  };
});

const notices = (db: PrismaClient, userId: string) =>
  db.mailOutbox.findMany({ where: { userId, kind: "security:way_in_added" }, orderBy: { toAddress: "asc" } });

describe("telling of a new way in", () => {
  it("a passkey added: mailed to each of the person's addresses, in German, with the sessions page", async ({
    db,
    person,
  }) => {
    const options = await registrationOptions(person);
    await addPasskey(
      person,
      new SoftAuthenticator("localhost", ORIGIN).register(options.challenge) as never,
      "Fremder Schlüssel",
    );
    const mails = await notices(db, person.id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([person.email, person.verifiedEmail].sort());
    for (const mail of mails) {
      expect(mail.locale).toBe("de");
      expect(mail.subject).toBe("Zu Ihrem Ledgerlane-Konto wurde ein Passkey hinzugefügt");
      expect(mail.text).toContain("„Fremder Schlüssel“");
      expect(mail.text).toContain("Falls Sie das nicht waren");
      expect(mail.text).toContain(`${process.env.NEXTAUTH_URL ?? ""}`.replace(/\/$/, "") + "/settings/security");
    }
    // Nothing in the app for someone who was mailed.
    expect(await db.notification.count({ where: { userId: person.id, kind: "way_in_added" } })).toBe(0);
  });

  it("a sign-in e-mail replaced: the address it replaces is told, and the new one", async ({ db, person }) => {
    const next = address("attacker");
    let code = "";
    await requestEmailVerification({ id: person.id, locale: "de" }, next, (value) => {
      code = value;
      return { subject: "code", text: value, html: value };
    });
    expect(await verifyEmail(person.id, code)).toBe(next);
    const mails = await notices(db, person.id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([person.email, person.verifiedEmail, next].sort());
    expect(mails[0]!.text).toContain(next);
    expect(mails[0]!.subject).toBe("Zu Ihrem Ledgerlane-Konto wurde eine Anmelde-E-Mail hinzugefügt");
  });

  withoutAddress(
    "someone without an address is told in the app, linking to the sessions page",
    async ({ db, bare }) => {
      const options = await registrationOptions(bare);
      const passkey = await addPasskey(
        bare,
        new SoftAuthenticator("localhost", ORIGIN).register(options.challenge) as never,
        "Laptop",
      );
      expect(await notices(db, bare.id)).toEqual([]);
      const told = await db.notification.findMany({ where: { userId: bare.id, kind: "way_in_added" } });
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ link: "/settings/security", data: { way: "passkey", detail: "Laptop" } });
      expect(told[0]!.dedupeKey).toContain(passkey.id);
    },
  );
});
