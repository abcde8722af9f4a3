import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { auditCsvRows } from "./csv";
import { formatWhen, type AuditEntryLike, type AuditNames } from "@/lib/audit/present";
import { presentEntry } from "./present";

// How entries read for an auditor: times to the second with their zone, a normal transfer's
// steps without an alarm, employees' names beside their numbers.

const translator = (locale: "en" | "de") =>
  createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
const at = new Date("2026-11-24T13:05:09Z");
const step = (details: Record<string, unknown>): AuditEntryLike => ({
  occurredAt: at,
  actorId: null,
  actorName: "Anna Approver",
  kind: "month_close.step",
  companyId: 1001,
  period: "2026-11",
  details,
});
const names: AuditNames = {
  company: (id) => (id === 1001 ? "Bäckerei Krüger GmbH (1001)" : null),
  employee: (company, id) => (company === 1001 && id === 7 ? "Jana Nowak" : null),
};

describe("audit entries as an auditor reads them", () => {
  it("gives times to the second in German time with the zone, in winter and in summer", () => {
    expect(formatWhen("de", at)).toBe("24.11.2026 14:05:09 MEZ");
    expect(formatWhen("en", at)).toBe("24/11/2026 14:05:09 CET");
    expect(formatWhen("de", new Date("2026-07-01T05:00:00Z"))).toBe("01.07.2026 07:00:00 MESZ");
    expect(formatWhen("en", new Date("2026-07-01T05:00:00Z"))).toBe("01/07/2026 07:00:00 CEST");
  });

  it("shows a normal transfer as Approved → Transferring → Transferred, and only a month left unclear as Transfer unclear", () => {
    const en = translator("en");
    const started = presentEntry(
      "en",
      en,
      step({ action: "transfer", from: "approved", to: "transfer_unclear", round: 1 }),
    );
    expect(started.summary).toBe("Transfer started: Approved → Transferring (round 1).");
    const answered = presentEntry(
      "en",
      en,
      step({ action: "transfer_result", from: "transfer_unclear", to: "transferred", round: 1, outcome: "succeeded" }),
    );
    expect(answered.summary).toBe("Transfer answered: Transferring → Transferred (round 1).");
    expect(
      presentEntry(
        "de",
        translator("de"),
        step({ action: "transfer", from: "approved", to: "transfer_unclear", round: 1 }),
      ).summary,
    ).toBe("Übertragung gestartet: Freigegeben → Wird übertragen (Runde 1).");
    // An answer that left the month unclear, and a check from there, still say so.
    expect(
      presentEntry(
        "en",
        en,
        step({ action: "transfer_result", from: "transfer_unclear", to: "transfer_unclear", round: 1 }),
      ).summary,
    ).toBe("Transfer answered: Transferring → Transfer unclear (round 1).");
    expect(
      presentEntry("en", en, step({ action: "check_result", from: "transfer_unclear", to: "transferred", round: 1 }))
        .summary,
    ).toBe("Transfer check answered: Transfer unclear → Transferred (round 1).");
  });

  it("names employees beside their numbers, and the company in the CSV", () => {
    const en = translator("en");
    const acknowledged: AuditEntryLike = {
      ...step({}),
      kind: "month_close.acknowledged",
      details: { round: 2, rule: "sunday_premium", employeeId: 7, comment: "ok" },
    };
    expect(presentEntry("en", en, acknowledged, names).summary).toContain("for employee 7 Jana Nowak");
    const saved: AuditEntryLike = {
      ...step({}),
      kind: "draft.saved",
      details: {
        entryKind: "hours",
        lines: [{ id: "a", change: "changed", employeeId: 7, oldEmployeeId: 8, cells: { total_hours: ["8", "7.5"] } }],
      },
    };
    const shown = presentEntry("en", en, saved, names);
    expect(shown.changes[0]).toEqual({
      where: "Employee 7 Jana Nowak",
      field: "Employee",
      old: "8",
      new: "7 Jana Nowak",
    });
    expect(auditCsvRows(en, "en", saved, names).split("\r\n")[1]).toBe(
      "24/11/2026 14:05:09 CET,Anna Approver,Draft changed,Bäckerei Krüger GmbH (1001),2026-11,Hours: 1 line changed.,Employee 7 Jana Nowak,Hours,8,7.5",
    );
  });

  it("defuses a changed value a spreadsheet would run as a formula, full-width and after white space too", () => {
    const en = translator("en");
    const saved: AuditEntryLike = {
      ...step({}),
      kind: "draft.saved",
      details: {
        entryKind: "hours",
        lines: [{ id: "a", change: "changed", employeeId: 7, cells: { total_hours: ["＝1+1", " -A1"] } }],
      },
    };
    expect(auditCsvRows(en, "en", saved, names).split("\r\n")[0]?.split(",").slice(-2)).toEqual(["'＝1+1", "' -A1"]);
  });
});
