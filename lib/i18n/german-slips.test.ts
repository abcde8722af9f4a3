import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { Translate } from "@/lib/i18n/translate";
import { renderNotificationMail } from "@/features/mail/server/render";
import { WORKSPACE_AUDIT_PRESENTERS } from "@/features/workspaces/audit-present";
import { invitationMail } from "@/features/workspaces/server/mail";
import { MESSAGES, type Messages } from "./messages";

// German slips a client and a clerk met (issue #35, section 6): a role list phrased as plural for one
// role, a reason followed by a full stop after its own question mark, two words for the extra
// payments, and a separator glued to the word before it. Each asserted gone where the text is made.

const de = createTranslator({ locale: "de", messages: MESSAGES.de }) as unknown as Translate;
const en = createTranslator({ locale: "en", messages: MESSAGES.en }) as unknown as Translate;

function flatten(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    flatten(inner, path ? `${path}.${key}` : key),
  );
}

const invitation = {
  to: "kai@example.com",
  workspaceName: "Lohnbüro Berg",
  inviter: "Olga Owner",
  companies: ["Bäckerei Krüger GmbH"],
  expiresAt: new Date("2026-12-05T10:00:00Z"),
  link: "https://app.test/invitations/t",
};

describe("German slips", () => {
  it("an invitation for one role says 'mit der Rolle', for two 'mit den Rollen', never a colon after it", () => {
    const one = invitationMail({ ...invitation, roles: ["client"] }, { inviter: "de", invitee: "de" }).text;
    expect(one).toContain("mit der Rolle Mandant (Bäckerei Krüger GmbH)");
    const two = invitationMail(
      { ...invitation, roles: ["clerk", "approver"], companies: [] },
      { inviter: "de", invitee: "de" },
    ).text;
    expect(two).toContain("mit den Rollen Sachbearbeitung, Freigabe");
    for (const [key, text] of flatten(MESSAGES.de)) expect(text, key).not.toMatch(/Rollen: \{roles\}/);
  });

  it("the trail says 'Rolle' for one role", () => {
    const removed = WORKSPACE_AUDIT_PRESENTERS["member.removed"].summary(
      { t: de, locale: "de" } as never,
      { details: { memberName: "Kai", roles: ["client"] } } as never,
    );
    expect(removed).toBe("Kai wurde entfernt (Rolle: Mandant).");
  });

  it("a reason ending in a question mark is not followed by a full stop in a mail", () => {
    const frame = { name: null, settingsUrl: "https://app.test/s", unsubscribeUrl: "https://app.test/u" };
    for (const locale of ["de", "en"] as const)
      for (const kind of ["month_sent_back", "month_reopened"] as const) {
        const data = {
          companyName: "A GmbH",
          period: "2026-11",
          actorName: "Olga",
          reason: "Wo sind die Stunden vom 3.?",
        };
        const mail = renderNotificationMail({ kind, data, link: "https://app.test/" }, { ...frame, locale });
        expect(mail.text, `${locale} ${kind}`).not.toContain("?.");
        expect(mail.text, `${locale} ${kind}`).toContain("Wo sind die Stunden vom 3.?");
      }
  });

  it("the extra payments have one German name: Zusatzzahlungen", () => {
    for (const [key, text] of flatten(MESSAGES.de)) expect(text, key).not.toMatch(/sonstige[n]? Bezüge/i);
    expect(de("payrollEntries.paymentsLink" as never)).toBe("Zusatzzahlungen");
    expect(en("payrollEntries.paymentsLink" as never)).toBe("Extra payments");
  });

  it("no message glues a separator to the word before it or puts a full stop after a question mark", () => {
    for (const messages of [MESSAGES.de, MESSAGES.en] as Messages[])
      for (const [key, text] of flatten(messages)) {
        expect(text, key).not.toMatch(/\S·|·\S/);
        expect(text, key).not.toMatch(/\?\.|\}\?\./);
      }
  });
});
