import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalMailbox, type LocalMailbox } from "./local-mailbox";

// `npm start`'s local mailbox: a real SMTP server whose page lists what it received, newest first,
// with links clickable and nothing of a mail taken as markup.

let mailbox: LocalMailbox;
beforeAll(async () => {
  mailbox = await startLocalMailbox();
});
afterAll(() => mailbox.close());

describe("the local mailbox", () => {
  it("lists what was sent to it, newest first, links clickable, markup shown as text", async () => {
    const transport = nodemailer.createTransport(mailbox.smtpUrl);
    await transport.sendMail({
      from: "Ledgerlane <noreply@localhost>",
      to: "ida@example.com",
      subject: "Your sign-in link for Ledgerlane",
      text: "Sign in: http://localhost:3000/sign-in/link#abc_DEF-123 (valid 15 minutes)",
      html: "<p>Sign in: <a href='http://localhost:3000/sign-in/link#abc_DEF-123'>link</a></p>",
    });
    await transport.sendMail({
      from: "Ledgerlane <noreply@localhost>",
      to: "owner@example.com",
      subject: "Grüße <script>alert(1)</script>",
      text: "Nothing to click.",
    });
    const response = await fetch(mailbox.pageUrl);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<a href="http://localhost:3000/sign-in/link#abc_DEF-123">');
    expect(html).toContain("Grüße &#60;script&#62;alert(1)&#60;/script&#62;");
    expect(html).not.toContain("<script>");
    // Newest first.
    expect(html.indexOf("Grüße")).toBeLessThan(html.indexOf("Your sign-in link"));
    expect(mailbox.mails.map((mail) => mail.to)).toEqual([["owner@example.com"], ["ida@example.com"]]);
    expect((await fetch(new URL("/other", mailbox.pageUrl))).status).toBe(404);
  });
});
