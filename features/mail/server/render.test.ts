import { describe, expect, it } from "vitest";
import { renderDigestMail, renderNotificationMail } from "./render";

const frame = {
  name: "Anna <Admin>",
  settingsUrl: "https://app.test/settings/notifications",
  unsubscribeUrl: "https://app.test/unsubscribe/t",
};

describe("notification mails", () => {
  it("tell a submitted month in English, text and HTML, values escaped in HTML", () => {
    const mail = renderNotificationMail(
      {
        kind: "month_submitted",
        data: { companyName: "Bäckerei <Müller> & Co", period: "2026-11", actorName: "Carl Clerk" },
        link: "https://app.test/payroll/companies/5/review?month=2026-11&x=1",
      },
      { ...frame, locale: "en" },
    );
    expect(mail.subject).toBe("Bäckerei <Müller> & Co: November 2026 submitted for review");
    expect(mail.text).toContain("Hello Anna <Admin>,");
    expect(mail.text).toContain(
      "Carl Clerk submitted the payroll of Bäckerei <Müller> & Co for November 2026 for review.",
    );
    expect(mail.text).toContain("Open in Ledgerlane: https://app.test/payroll/companies/5/review?month=2026-11&x=1");
    expect(mail.text).toContain("notification settings: https://app.test/settings/notifications");
    expect(mail.text).toContain("No more e-mails of this kind: https://app.test/unsubscribe/t");
    expect(mail.html).toContain("Bäckerei &#60;Müller&#62; &#38; Co");
    expect(mail.html).not.toContain("<Müller>");
    expect(mail.html).toContain("Hello Anna &#60;Admin&#62;,");
    expect(mail.html).toContain(
      '<a href="https://app.test/payroll/companies/5/review?month=2026-11&#38;x=1">Open in Ledgerlane</a>',
    );
    expect(mail.html).toContain('<a href="https://app.test/settings/notifications">Notification settings</a>');
    expect(mail.html).toContain('<a href="https://app.test/unsubscribe/t">Unsubscribe</a>');
  });

  it("tell a reminder in German with the day in German format", () => {
    const mail = renderNotificationMail(
      {
        kind: "reminder",
        data: {
          companyName: "Muster GmbH",
          period: "2026-11",
          deadlineKind: "cut_off",
          deadline: "2026-11-20",
          daysBefore: 2,
        },
        link: "https://app.test/payroll/companies/5/hours",
      },
      { ...frame, name: null, locale: "de" },
    );
    expect(mail.subject).toBe("Muster GmbH: November 2026 noch nicht eingereicht (Stichtag 20.11.2026)");
    expect(mail.text).toContain("Hallo,");
    expect(mail.text).toContain("Der Stichtag der Kanzlei ist der 20.11.2026 (in 2 Bankarbeitstagen).");
    expect(mail.html).toContain('<html lang="de">');
  });

  it("render every kind in both languages", () => {
    const kinds = [
      "month_submitted",
      "month_approved",
      "month_transfer",
      "month_reopened",
      "invitation_accepted",
      "connection_attention",
      "member_removed",
      "reminder",
    ] as const;
    for (const locale of ["en", "de"] as const)
      for (const kind of kinds) {
        const mail = renderNotificationMail(
          { kind, data: { period: "2026-11", reason: "Fehlt" }, link: "https://app.test/" },
          { ...frame, locale },
        );
        expect(mail.subject.length, `${locale} ${kind}`).toBeGreaterThan(5);
        expect(mail.text).not.toContain("{");
      }
  });

  it("list a day's notifications in one digest", () => {
    const mail = renderDigestMail(
      [
        {
          kind: "month_approved",
          data: { companyName: "A GmbH", period: "2026-10", actorName: "Olga" },
          link: "https://app.test/a",
        },
        {
          kind: "month_reopened",
          data: { companyName: "B KG", period: "2026-10", actorName: "Olga", reason: "Stunden fehlen" },
          link: "https://app.test/b",
        },
      ],
      "2026-11-26",
      { ...frame, locale: "de" },
    );
    expect(mail.subject).toBe("Ledgerlane: 2 Benachrichtigungen vom 26.11.2026");
    expect(mail.text).toContain("* A GmbH: Oktober 2026 freigegeben");
    expect(mail.text).toContain("Grund: Stunden fehlen");
    expect(mail.text).toContain("Keine Benachrichtigungs-E-Mails mehr: https://app.test/unsubscribe/t");
    expect(mail.html).toContain('<a href="https://app.test/b">B KG: Oktober 2026 wieder geöffnet</a>');
  });
});
