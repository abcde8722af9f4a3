import { unzipSync, strFromU8 } from "fflate";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { GDPDU_DTD, GDPDU_DTD_NAME } from "@/lib/csv/gdpdu/dtd";
import { gdpduDtdErrors } from "@/lib/csv/gdpdu/testing/validate";
import { parseCsvRecords } from "@/lib/csv/parse";
import { COMPANY, OTHER_COMPANY, seedFirm } from "../../testing/world";

// The export for a tax audit against the suite's Postgres: the ZIP's index.xml valid against the
// vendored DTD and naming every CSV in it, the CSVs holding exactly the company's and period's
// rows, the export logged (access log and trail), and owners only.

const it = test.extend("firm", { scope: "file" }, async () => seedFirm());

const exportOf = async () => (await import("./export")).taxAuditExport;

describe("the export for a tax audit", () => {
  it("is a ZIP of CSV files with a valid index.xml and its DTD, holding the company's and period's rows", async ({
    firm,
  }) => {
    const taxAuditExport = await exportOf();
    const file = await taxAuditExport(firm.owner, { companyId: COMPANY, from: "2026-10", to: "2026-11" });
    expect(file.fileName).toBe(`z3-${COMPANY}-2026-10-2026-11.zip`);
    const files = unzipSync(file.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "index.xml",
        GDPDU_DTD_NAME,
        "festgeschriebene_monate.csv",
        "festgeschriebene_zeilen.csv",
        "uebertragungen.csv",
        "pruefpfad.csv",
        "zugriffsprotokoll.csv",
      ].sort(),
    );
    const xml = strFromU8(files["index.xml"]!);
    expect(strFromU8(files[GDPDU_DTD_NAME]!)).toBe(GDPDU_DTD);
    expect(xml).toContain(`<!DOCTYPE DataSet SYSTEM "${GDPDU_DTD_NAME}">`);
    expect(gdpduDtdErrors(xml)).toEqual([]);
    // Every table the index describes is in the ZIP, with the columns it describes.
    const urls = [...xml.matchAll(/<URL>([^<]+)<\/URL>/g)].map((match) => match[1]!);
    expect(urls.sort()).toEqual(names.filter((name) => name.endsWith(".csv")));
    expect(xml).toContain("<From>01.10.2026</From><To>30.11.2026</To>");
    const csv = (name: string) => parseCsvRecords(strFromU8(files[name]!), ";");

    const versions = csv("festgeschriebene_monate.csv");
    expect(versions.map((row) => [row.Monat, row.Fassung, row.Hash_geprueft, row.Vier_Augen])).toEqual([
      ["2026-10", "1", "ja", "ja"],
      ["2026-11", "1", "ja", "ja"],
      ["2026-11", "2", "ja", "ja"],
    ]);
    const stored = await firm.db.sealedMonth.findUniqueOrThrow({ where: { id: firm.novemberId } });
    expect(versions[2]).toMatchObject({ Fassung_ID: firm.novemberId, SHA256: stored.hash, Firma: String(COMPANY) });

    const lines = csv("festgeschriebene_zeilen.csv");
    expect(lines).toHaveLength(5);
    expect(lines.find((row) => row.Fassung_ID === firm.novemberId && row.Zeile === "h2")).toMatchObject({
      Art: "hours",
      Beschaeftigter: "9",
      Lohnart: "HOURLY_WAGE",
      Stunden: "4,250000",
      Stundensatz: "15,500000",
      Datum: "03.11.2026",
      // As recorded: no formula defusing in an auditor's file.
      Kostenstelle: "=K1",
    });
    expect(lines.find((row) => row.Fassung_ID === firm.octoberId && row.Art === "payments")).toMatchObject({
      Beschaeftigter: "8",
      Betrag: "-12,500000",
      Anzahl: "",
    });

    expect(csv("uebertragungen.csv")).toEqual([
      expect.objectContaining({
        Monat: "2026-11",
        Fassung_ID: firm.novemberId,
        Ergebnis: "succeeded",
        Zeilen: "2",
        Summe_EUR: "190,88",
        Benutzer: "Olga Owner",
      }),
    ]);

    // The trail: only the company's entries of October and November, with their chain columns.
    const trail = csv("pruefpfad.csv");
    expect(trail.map((row) => [row.Art, row.Monat, row.Firma])).toEqual([["draft.saved", "2026-11", String(COMPANY)]]);
    expect(JSON.parse(trail[0]!.Details_JSON!)).toMatchObject({ lines: [{ id: "h1", employeeId: 7 }] });
    expect(Object.keys(trail[0]!)).toEqual(expect.arrayContaining(["Kettenposition", "Vorgaenger_Hash", "Hash"]));

    expect(csv("zugriffsprotokoll.csv").map((row) => [row.Monat, row.Beschaeftigte, row.Art])).toEqual([
      ["2026-10", "7,8", "import"],
    ]);
  });

  it("is logged as an export of the employees it holds, and audited with the ZIP's SHA-256", async ({ firm }) => {
    const taxAuditExport = await exportOf();
    const file = await taxAuditExport(firm.owner, { companyId: COMPANY, from: "2026-11", to: "2026-11" });
    const logged = await firm.db.accessLogEntry.findFirst({
      where: { workspaceId: firm.workspaceId, kind: "tax_audit_export", period: "2026-11" },
    });
    expect(logged).toMatchObject({ actorId: firm.owner.userId, companyId: COMPANY, employeeIds: [7, 9] });
    const audited = await firm.db.auditEntry.findFirst({
      where: { workspaceId: firm.workspaceId, kind: "records.tax_audit_export" },
      orderBy: { occurredAt: "desc" },
    });
    expect(audited).toMatchObject({
      actorId: firm.owner.userId,
      companyId: COMPANY,
      details: { from: "2026-11", to: "2026-11", sha256: file.sha256 },
    });
    expect((audited!.details as { rows: Record<string, number> }).rows).toMatchObject({
      "festgeschriebene_monate.csv": 2,
      "festgeschriebene_zeilen.csv": 3,
    });
  });

  it("is an owner's only: a clerk is refused, another workspace's owner and a company not the workspace's are not found", async ({
    firm,
  }) => {
    const taxAuditExport = await exportOf();
    const input = { companyId: COMPANY, from: "2026-10", to: "2026-11" };
    await expect(taxAuditExport(firm.clerk, input)).rejects.toMatchObject({ code: "forbidden" });
    await expect(taxAuditExport({ ...firm.otherOwner, workspaceId: firm.workspaceId }, input)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(taxAuditExport(firm.otherOwner, input)).rejects.toMatchObject({ code: "not_found" });
    await expect(taxAuditExport(firm.owner, { ...input, companyId: 999 })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(OTHER_COMPANY).not.toBe(COMPANY);
  });
});
