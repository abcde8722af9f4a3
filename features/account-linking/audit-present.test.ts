import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { AuditEntryLike } from "@/lib/audit/present";
import { presentEntry } from "@/features/audit-trail/present";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";

// Issue item 5: every sign-in (each way in), refused attempt, passkey change, sign-out and link
// reads as a sentence in English and German on /audit (no message key, no raw code, no empty slot).

const translator = (locale: "en" | "de") =>
  createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
const entry = (kind: AuditEntryLike["kind"], details: Record<string, unknown>): AuditEntryLike => ({
  occurredAt: new Date("2026-11-24T13:05:09Z"),
  actorId: null,
  actorName: "Emma Email",
  kind,
  companyId: null,
  period: null,
  details,
});

const CHROME = "Chrome on Linux";
const ENTRIES: [string, AuditEntryLike, { en: string; de: string }][] = [
  ...(["accounting", "email", "passkey"] as const).map(
    (method) =>
      [
        `signed in (${method})`,
        entry("session.signed_in", { method, sessionId: "s", device: CHROME }),
        {
          en: `Signed in through ${{ accounting: "the accounting service", email: "an e-mail link", passkey: "a passkey" }[method]} on ${CHROME}`,
          de: "Chrome on Linux",
        },
      ] as [string, AuditEntryLike, { en: string; de: string }],
  ),
  ...(["expired", "used", "other_browser", "rate_limited"] as const).map(
    (reason) =>
      [
        `refused e-mail link (${reason})`,
        entry("session.sign_in_failed", { method: "email", reason, email: "emma@example.com" }),
        { en: "Sign-in through an e-mail link for emma@example.com refused: ", de: "emma@example.com" },
      ] as [string, AuditEntryLike, { en: string; de: string }],
  ),
  [
    "refused passkey assertion",
    entry("session.sign_in_failed", { method: "passkey", reason: "refused", email: "" }),
    { en: "Sign-in through a passkey refused: the passkey was not accepted", de: "Passkey" },
  ],
  [
    "replayed passkey assertion",
    entry("session.sign_in_failed", { method: "passkey", reason: "replayed", email: "" }),
    { en: "Sign-in through a passkey refused: a passkey answer was used again (replayed)", de: "Passkey" },
  ],
  [
    "failed accounting callback",
    entry("session.sign_in_failed", { method: "accounting", reason: "callback_failed", email: "" }),
    {
      en: "Sign-in through the accounting service refused: the accounting service's answer was not accepted",
      de: "Buchhaltungsdienst",
    },
  ],
  [
    "passkey added",
    entry("passkey.added", { passkeyId: "p", name: "Laptop" }),
    { en: "Passkey “Laptop” added.", de: "Laptop" },
  ],
  [
    "passkey renamed",
    entry("passkey.renamed", { passkeyId: "p", name: "Phone", from: "Laptop" }),
    { en: "Passkey “Laptop” renamed to “Phone”.", de: "Phone" },
  ],
  [
    "passkey removed",
    entry("passkey.removed", { passkeyId: "p", name: "Laptop" }),
    { en: "Passkey “Laptop” removed.", de: "Laptop" },
  ],
  [
    "signed out",
    entry("session.signed_out", { scope: "this", sessionIds: ["s"], devices: [CHROME] }),
    { en: `Signed out on ${CHROME}`, de: CHROME },
  ],
  [
    "one other session ended",
    entry("session.signed_out", { scope: "one", sessionIds: ["s"], devices: [CHROME] }),
    { en: `Ended the session on ${CHROME}`, de: CHROME },
  ],
  [
    "all other sessions ended",
    entry("session.signed_out", { scope: "others", sessionIds: ["s", "t"], devices: [CHROME, null] }),
    { en: "Ended 2 other sessions", de: "2" },
  ],
  [
    "sign-in e-mail added",
    entry("account.email_added", { email: "emma@example.com" }),
    { en: "Sign-in e-mail emma@example.com added", de: "emma@example.com" },
  ],
  [
    "accounting account linked",
    entry("account.linked", { accountingName: "Sabine Sandbox", email: "emma@example.com" }),
    {
      en: "The accounting account of Sabine Sandbox now signs in this person too, as well as emma@example.com.",
      de: "Sabine Sandbox",
    },
  ],
  [
    "link cancelled",
    entry("account.link_cancelled", { accountingName: "Sabine Sandbox" }),
    { en: "Linking the accounting account of Sabine Sandbox cancelled", de: "Sabine Sandbox" },
  ],
];

describe("sign-in, passkey, sign-out and linking entries on /audit", () => {
  it.each(ENTRIES)("%s reads as a sentence in English and German", (_name, shown, expected) => {
    const en = presentEntry("en", translator("en"), shown);
    const de = presentEntry("de", translator("de"), shown);
    expect(en.summary).toContain(expected.en);
    expect(de.summary).toContain(expected.de);
    for (const presented of [en, de]) {
      expect(presented.what).not.toMatch(/^audit\.|_/);
      expect(presented.summary).not.toMatch(/audit\.|\{|\bfor\s+refused|undefined|callback_failed|other_browser/);
    }
    expect(de.summary).not.toBe(en.summary);
    expect(de.what).not.toBe(en.what);
  });
});
