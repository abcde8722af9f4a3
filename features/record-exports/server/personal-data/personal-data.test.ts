import { strFromU8, unzipSync } from "fflate";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { parseCsvRecords } from "@/lib/csv/parse";
import { COMPANY, seedFirm } from "../../testing/world";

// An employee's personal data (Art. 15) against the suite's Postgres: everything held about them
// and nothing about others, as JSON and CSV with a README in German and English; logged as an export.

const it = test.extend("firm", { scope: "file" }, async () => seedFirm());

const exportFor = async (firm: Awaited<ReturnType<typeof seedFirm>>, employeeId: number, service: unknown) => {
  const { personalDataExport } = await import("./export");
  const file = await personalDataExport(
    firm.owner,
    { connectionId: firm.connectionId, company: { id: COMPANY, name1: "Bäckerei Test" } },
    employeeId,
    service,
  );
  return { file, files: unzipSync(file.bytes) };
};

const csv = (files: Record<string, Uint8Array>, name: string) =>
  parseCsvRecords(strFromU8(files[name]!).replace(/^\uFEFF/, ""), ";");

describe("the personal data export", () => {
  it("holds the employee's lines per month, sealed parts, audit entries and views, and nobody else's", async ({
    firm,
  }) => {
    const service = { id: 7, first_name: "Anna", last_name: "Schmidt" };
    const { file, files } = await exportFor(firm, 7, service);
    expect(file.fileName).toMatch(new RegExp(`^personal-data-${COMPANY}-7-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "access-log.csv",
      "audit-entries.csv",
      "lines.csv",
      "personal-data.json",
      "sealed-versions.csv",
    ]);
    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain("Löschstatus: kein Löschantrag.");
    expect(readme).toContain("Erasure status: no erasure request.");
    expect(readme).toContain("Beschäftigter / Employee: 7");

    const json = JSON.parse(strFromU8(files["personal-data.json"]!)) as Record<string, unknown>;
    expect(json).toMatchObject({ employeeId: 7, companyId: COMPANY, service, erasure: { requested: false } });

    const lines = csv(files, "lines.csv");
    expect(lines.map((row) => [row.source, row.period, row.line_id, row.total_hours])).toEqual([
      ["draft", "2026-12", "d1", "3"],
      ["transfer", "2026-11", "h1", "8"],
      ["sealed", "2026-10", "h1", "8"],
      ["sealed", "2026-11", "h1", "7.5"],
      ["sealed", "2026-11", "h1", "8"],
      ["sealed", "2026-12", "h1", "6"],
    ]);
    // A spreadsheet does not run what a cell says.
    expect(lines[1]!.cost_center_id).toBe("'=K1");

    const sealed = csv(files, "sealed-versions.csv");
    expect(sealed.map((row) => [row.period, row.version, row.lines])).toEqual([
      ["2026-10", "1", "1"],
      ["2026-11", "1", "1"],
      ["2026-11", "2", "1"],
      ["2026-12", "1", "1"],
    ]);
    expect(JSON.parse(sealed[0]!.findings!)).toEqual([{ rule: "hoursLimit", employeeId: 7, params: {} }]);

    expect(csv(files, "audit-entries.csv").map((row) => [row.kind, row.period, row.by])).toEqual([
      ["draft.saved", "2026-11", "Carl Clerk"],
      ["draft.saved", "2026-12", "Carl Clerk"],
    ]);
    expect(csv(files, "access-log.csv").map((row) => [row.kind, row.period])).toEqual([["import", "2026-10"]]);
  });

  it("finds an employee named only in an entry's details, without sealed findings that are someone else's", async ({
    firm,
  }) => {
    const { files } = await exportFor(firm, 9, null);
    const json = JSON.parse(strFromU8(files["personal-data.json"]!)) as {
      audit: { kind: string }[];
      sealed: { findings: unknown[] }[];
      service: unknown;
    };
    expect(json.service).toBeNull();
    expect(json.audit.map((entry) => entry.kind)).toEqual(["employee.check_settings"]);
    expect(json.sealed.map((part) => part.findings)).toEqual([[]]);
  });

  it("is logged as an export of that employee and audited; an id nothing knows is not found", async ({ firm }) => {
    const { file } = await exportFor(firm, 8, null);
    const logged = await firm.db.accessLogEntry.findFirst({
      where: { workspaceId: firm.workspaceId, kind: "personal_data_export" },
      orderBy: { occurredAt: "desc" },
    });
    expect(logged).toMatchObject({ actorId: firm.owner.userId, companyId: COMPANY, employeeIds: [8] });
    const audited = await firm.db.auditEntry.findFirst({
      where: {
        workspaceId: firm.workspaceId,
        kind: "records.personal_data_export",
        details: { path: ["employeeId"], equals: 8 },
      },
    });
    expect(audited).toMatchObject({ actorId: firm.owner.userId, details: { employeeId: 8, sha256: file.sha256 } });
    await expect(exportFor(firm, 123456, null)).rejects.toMatchObject({ code: "not_found" });
  });

  it("says when an erasure was requested and from when the employee may be erased", async ({ firm }) => {
    await firm.db.erasureRequest.create({
      data: {
        workspaceId: firm.workspaceId,
        connectionId: firm.connectionId,
        companyId: COMPANY,
        employeeId: 9,
        requestedById: firm.owner.userId,
        requestedAt: new Date("2026-11-30T09:00:00Z"),
        eraseAfter: new Date("2033-12-31"),
      },
    });
    const { files } = await exportFor(firm, 9, null);
    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain(
      "Löschstatus: Löschung beantragt am 2026-11-30, eingeschränkt, zu löschen nach 2033-12-31.",
    );
    expect(readme).toContain(
      "Erasure status: erasure requested on 2026-11-30, restricted, to be erased after 2033-12-31.",
    );
    const json = JSON.parse(strFromU8(files["personal-data.json"]!)) as Record<string, unknown>;
    expect(json).toMatchObject({ erasure: { requested: true, state: "restricted", eraseAfter: "2033-12-31" } });
  });

  it("names an erased former member as such in the audit entries (their name read when exported)", async ({ firm }) => {
    // The tombstone alone (docs/erasure.md "Staff"): every entry naming the clerk's id reads the pseudonym.
    await firm.db.erasedPerson.create({ data: { userId: firm.clerk.userId, workspaceId: firm.workspaceId } });
    try {
      const { files } = await exportFor(firm, 7, null);
      const entries = csv(files, "audit-entries.csv");
      expect(entries.filter((row) => row.kind === "draft.saved").map((row) => row.by)).toEqual([
        "Gelöschtes Teammitglied / Erased staff member",
        "Gelöschtes Teammitglied / Erased staff member",
      ]);
      // The owner's own exports, not erased, by name.
      expect(entries.filter((row) => row.kind !== "draft.saved").map((row) => row.by)).toContain("Olga Owner");
    } finally {
      await firm.db.erasedPerson.delete({ where: { userId: firm.clerk.userId } });
    }
  });
});
