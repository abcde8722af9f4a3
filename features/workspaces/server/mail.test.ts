import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { createInvitation, openInvitationOf } from "./invitations";
import { knownLocaleOf } from "./invitee-locale";
import { invitationMail, sendMail } from "./mail";
import { ensurePersonalWorkspace } from "./personal";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
const db = testDb();
const userIds: string[] = [];

/** A real SMTP server in this process; what it receives is read back by the tests. */
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
    NEXTAUTH_URL: "http://localhost:3999",
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
  });
});
afterAll(async () => {
  await db.workspace.deleteMany({ where: { personalUserId: { in: userIds }, auditEntries: { none: {} } } });
  await db.user.deleteMany({ where: { id: { in: userIds } } });
  await db.$disconnect();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The body of a quoted-printable text message, decoded. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const bytes = body
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** 13:30 UTC is 14:30 in Berlin in winter. */
const EXPIRES = new Date("2026-12-03T13:30:00Z");

/** The expiry as the mail should give it: Berlin's wall clock, independently of the code under test. */
function berlin(locale: "en" | "de", at: Date): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).format(at);
}

describe("the invitation e-mail", () => {
  it("reaches the SMTP server with the workspace, roles, expiry and the link", async () => {
    const user = await db.user.create({
      data: { accountingUserId: `mail:${randomUUID()}`, displayName: "Olga Owner" },
    });
    userIds.push(user.id);
    await ensurePersonalWorkspace(user.id);
    const workspace = await db.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
    const { token, link } = await createInvitation(user.id, workspace.id, ["clerk", "approver"]);
    const invitation = await openInvitationOf(user.id, workspace.id, token);
    expect(invitation).toMatchObject({ workspaceName: "Olga Owner", roles: ["clerk", "approver"] });
    // Another workspace's owner, or a made-up link, cannot send it.
    expect(await openInvitationOf(randomUUID(), workspace.id, token)).toBeNull();
    expect(await openInvitationOf(user.id, workspace.id, "x".repeat(43))).toBeNull();

    await sendMail(
      invitationMail(
        { ...invitation!, to: "carl@example.com", inviter: "Olga Owner", link },
        { inviter: "en", invitee: "en" },
      ),
    );

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(["carl@example.com"]);
    expect(mail!.from).toBe("no-reply@localhost");
    expect(mail!.raw).toMatch(/^Subject: Invitation to the workspace Olga Owner in Ledgerlane\r$/m);
    const body = bodyOf(mail!.raw);
    expect(body).toContain("Olga Owner invites you to join the workspace Olga Owner in Ledgerlane as Clerk, Approver.");
    expect(body).toContain(`http://localhost:3999/invitations/${token}`);
    expect(body).toContain(`until ${berlin("en", invitation!.expiresAt)}`);
  });

  it("is in the invitee's language when a person with that address is known, with the expiry in Berlin time", async () => {
    const owner = await db.user.create({
      data: { accountingUserId: `mail:${randomUUID()}`, displayName: "Olga Owner" },
    });
    const address = `greta.${randomUUID()}@example.com`;
    const greta = await db.user.create({
      data: { verifiedEmail: address, email: address, displayName: "Greta", locale: "de" },
    });
    userIds.push(owner.id, greta.id);
    await ensurePersonalWorkspace(owner.id);
    const workspace = await db.workspace.findUniqueOrThrow({ where: { personalUserId: owner.id } });
    const { token, link } = await createInvitation(owner.id, workspace.id, ["clerk"]);
    const invitation = (await openInvitationOf(owner.id, workspace.id, token))!;

    // The owner writes in English; Greta reads German (and her address is matched whatever its case).
    const invitee = await knownLocaleOf(address.toUpperCase());
    expect(invitee).toBe("de");
    received.length = 0;
    await sendMail(
      invitationMail({ ...invitation, to: address, inviter: "Olga Owner", link }, { inviter: "en", invitee }),
    );
    const [mail] = received;
    expect(mail!.raw).toMatch(/^Subject: Einladung in den Arbeitsbereich Olga Owner bei Ledgerlane\r$/m);
    const body = bodyOf(mail!.raw);
    expect(body).toContain("Olga Owner lädt Sie in den Arbeitsbereich Olga Owner bei Ledgerlane ein");
    expect(body).toContain("Sachbearbeitung");
    expect(body).not.toContain("invites you");
    // Berlin's wall clock with its zone (MEZ or MESZ), not UTC's.
    expect(body).toContain(`bis ${berlin("de", invitation.expiresAt)}`);
    expect(body).toMatch(/ MES?Z:/);
    expect(body).not.toContain("UTC");
  });

  it("is in both languages when nobody with that address is known", async () => {
    expect(await knownLocaleOf(`nobody.${randomUUID()}@example.com`)).toBeNull();
    const mail = invitationMail(
      {
        to: "x@example.com",
        workspaceName: "Kanzlei Adler",
        inviter: "Olga",
        roles: ["client"],
        companies: ["Bäckerei Krüger GmbH"],
        expiresAt: EXPIRES,
        link: "http://localhost:3999/invitations/abc",
      },
      { inviter: "de", invitee: null },
    );
    // The inviter's language first, then the other.
    expect(mail.subject).toBe(
      "Einladung in den Arbeitsbereich Kanzlei Adler bei Ledgerlane / Invitation to the workspace Kanzlei Adler in Ledgerlane",
    );
    expect(mail.text.indexOf("lädt Sie")).toBeLessThan(mail.text.indexOf("invites you"));
    expect(mail.text).toContain("bis 3. Dezember 2026 um 14:30 MEZ");
    expect(mail.text).toContain("until 3 December 2026 at 14:30 CET");
    expect(mail.text.match(/http:\/\/localhost:3999\/invitations\/abc/g)).toHaveLength(2);
  });

  it("is a 502 mail_failed when the server refuses it", async () => {
    smtp.onRcptTo = (_address, _session, callback) => callback(new Error("no such mailbox"));
    await expect(sendMail({ to: "nobody@example.com", subject: "s", text: "t" })).rejects.toMatchObject({
      code: "mail_failed",
      status: 502,
    });
  });
});
