import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createTranslator } from "next-intl";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { testDb } from "@/scripts/test/db";
import { createInvitation, openInvitationOf } from "./invitations";
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
  const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

describe("the invitation e-mail", () => {
  it("reaches the SMTP server with the workspace, roles, expiry and the link", async () => {
    const user = await db.user.create({ data: { accountingUserId: `mail:${randomUUID()}`, displayName: "Olga Owner" } });
    userIds.push(user.id);
    await ensurePersonalWorkspace(user.id);
    const workspace = await db.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
    const { token, link } = await createInvitation(user.id, workspace.id, ["clerk", "approver"]);
    const invitation = await openInvitationOf(user.id, workspace.id, token);
    expect(invitation).toMatchObject({ workspaceName: "Olga Owner", roles: ["clerk", "approver"] });
    // Another workspace's owner, or a made-up link, cannot send it.
    expect(await openInvitationOf(randomUUID(), workspace.id, token)).toBeNull();
    expect(await openInvitationOf(user.id, workspace.id, "x".repeat(43))).toBeNull();

    const t = createTranslator({ locale: "en", messages: MESSAGES.en as Messages }) as unknown as Translate;
    await sendMail(invitationMail(t, "en", { ...invitation!, to: "carl@example.com", inviter: "Olga Owner", link }));

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(["carl@example.com"]);
    expect(mail!.from).toBe("no-reply@localhost");
    expect(mail!.raw).toMatch(/^Subject: Invitation to the workspace Olga Owner in Ledgerlane\r$/m);
    const body = bodyOf(mail!.raw);
    expect(body).toContain("Olga Owner invites you to join the workspace Olga Owner in Ledgerlane as Clerk, Approver.");
    expect(body).toContain(`http://localhost:3999/invitations/${token}`);
    expect(body).toContain(`until ${invitation!.expiresAt.getUTCDate()} `);
  });

  it("is a 502 mail_failed when the server refuses it", async () => {
    smtp.onRcptTo = (_address, _session, callback) => callback(new Error("no such mailbox"));
    await expect(sendMail({ to: "nobody@example.com", subject: "s", text: "t" })).rejects.toMatchObject({
      code: "mail_failed",
      status: 502,
    });
  });
});
