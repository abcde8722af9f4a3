import { randomUUID } from "node:crypto";
import { afterAll, describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// Erasure against the suite's Postgres, as the app's role: an owner's request restricts the
// employee at once, the nightly job erases nothing before the retention ends, and once the clock
// passes it, erases their personal data outside append-only rows, with the trail and the sealed
// versions' hashes still verifying.

const loadDb = async () => (await import("@/lib/db/client")).getDb();
const COMPANY = 4711;
const ADA = 7;
const BEN = 8;

const it = test.extend("firm", { scope: "file" }, async () => {
  const db = await loadDb();
  const { buildSnapshot } = await import("@/features/month-close/sealing/snapshot");
  const person = (name: string) =>
    db.user.create({ data: { accountingUserId: `erasure:${randomUUID()}`, displayName: name }, select: { id: true } });
  const [owner, clerk] = await Promise.all([person("Olga Owner"), person("Carl Clerk")]);
  const workspace = await db.workspace.create({
    data: { name: `Erasure firm ${randomUUID().slice(0, 6)}` },
  });
  const connection = await db.payrollConnection.create({
    data: {
      workspaceId: workspace.id,
      baseUrl: "http://127.0.0.1:1",
      username: `erasure-${randomUUID().slice(0, 6)}`,
      apiKeyEncrypted: "x",
      companies: {
        create: { companyId: COMPANY, name1: "Bäckerei Test", name2: "", address: {}, currentMonth: "2026-11" },
      },
    },
  });
  await db.workspaceMember.createMany({
    data: [
      { workspaceId: workspace.id, userId: owner.id, roles: ["owner"], payrollConnectionId: connection.id },
      { workspaceId: workspace.id, userId: clerk.id, roles: ["clerk"], payrollConnectionId: connection.id },
    ],
  });
  const connectionId = connection.id;
  const key = { connectionId, companyId: COMPANY };
  // What Ledgerlane holds of Ada (and, beside it, of Ben, which must stay).
  await db.payrollCompanyState.create({
    data: {
      ...key,
      period: "2026-11",
      employees: [
        { id: ADA, firstName: "Ada", lastName: "Lovelace", healthInsurance: "1" },
        { id: BEN, firstName: "Ben", lastName: "Baker", healthInsurance: "1" },
      ],
    },
  });
  const line = (id: string, employee: number) => ({ id, employee_id: employee, values: { type: "1", hours: "8" } });
  const { content, texts, hash } = buildSnapshot({
    companyId: COMPANY,
    period: "2026-11",
    version: 1,
    month: {
      round: 1,
      handedInById: null,
      handedInAt: null,
      submittedById: clerk.id,
      submittedAt: new Date("2026-11-27T10:00:00Z"),
      approvedById: owner.id,
      approvedAt: new Date("2026-11-28T10:00:00Z"),
      reopenReason: "Ada Lovelace asked for a correction",
      reopenedAt: new Date("2026-11-27T12:00:00Z"),
    },
    fourEyes: true,
    lines: { hours: [line("l1", ADA), line("l2", BEN)], payments: [] },
    findings: [],
    acknowledgements: [
      {
        warningId: `noLines|${ADA}|||`,
        userId: owner.id,
        createdAt: new Date("2026-11-28T09:00:00Z"),
        comment: "on leave",
      },
      {
        warningId: `noLines|${BEN}|||`,
        userId: owner.id,
        createdAt: new Date("2026-11-28T09:01:00Z"),
        comment: "sick",
      },
    ],
    sealedAtMigration: false,
  });
  const sealed = await db.sealedMonth.create({
    data: {
      workspaceId: workspace.id,
      ...key,
      period: "2026-11",
      version: 1,
      content: content as object,
      hash,
      sealedById: owner.id,
      sealedAt: new Date("2026-11-28T10:00:00Z"),
      texts: { create: texts },
    },
  });
  await db.datevEmployeeSettings.create({ data: { ...key, employeeId: ADA, personnelNumber: 1007 } });
  await db.datevEmployeeSettings.create({ data: { ...key, employeeId: BEN, personnelNumber: 1008 } });
  await db.payrollImport.create({
    data: {
      ...key,
      total: 1,
      rows: { create: { rowNumber: 1, employeeId: ADA, payload: { first_name: "Ada", last_name: "Lovelace" } } },
    },
  });
  // Another firm's person, with mail about someone of the same name: not this request's to erase.
  const stranger = await db.user.create({ data: { accountingUserId: `erasure-stranger:${randomUUID()}` } });
  await db.mailOutbox.create({
    data: {
      idempotencyKey: `erasure-test:${randomUUID()}`,
      toAddress: "stranger@example.com",
      userId: stranger.id,
      locale: "en",
      kind: "notification:test",
      subject: "About Ada Lovelace",
      text: "Ada Lovelace of another firm.",
    },
  });
  await db.mailOutbox.create({
    data: {
      idempotencyKey: `erasure-test:${randomUUID()}`,
      toAddress: "olga@example.com",
      userId: owner.id,
      locale: "en",
      kind: "notification:test",
      subject: "About Ada Lovelace",
      text: "Lovelace, Ada has an open warning.",
    },
  });
  await db.notification.create({
    data: {
      userId: owner.id,
      workspaceId: workspace.id,
      kind: "month_submitted",
      dedupeKey: `erasure-test:${randomUUID()}`,
      data: { note: "Ada Lovelace" },
      link: "/",
    },
  });
  return {
    owner: { workspaceId: workspace.id, userId: owner.id, name: "Olga Owner" },
    clerk: { workspaceId: workspace.id, userId: clerk.id, name: "Carl Clerk" },
    workspaceId: workspace.id,
    connectionId,
    sealedId: sealed.id,
  };
});

afterAll(async () => (await import("@/lib/clock")).resetTestClock());

describe("erasure", () => {
  it("is recorded by owners only, restricts the employee at once and erases after the retention, the trail intact", async ({
    firm,
  }) => {
    const db = await loadDb();
    const { recordErasureRequest } = await import("./requests");
    const { withoutRestricted } = await import("./restricted");
    const { runErasure } = await import("./erase");
    const request = { companyId: COMPANY, employeeId: ADA };

    await expect(recordErasureRequest(firm.clerk, request)).rejects.toMatchObject({ code: "forbidden" });
    // Without the company's last social insurance audit covering the month, no end is known.
    const first = await recordErasureRequest(firm.owner, request);
    expect(first).toMatchObject({ state: "restricted", eraseAfter: null, employeeId: ADA, requestedBy: "Olga Owner" });
    expect(await recordErasureRequest(firm.owner, request)).toEqual(first);
    await expect(recordErasureRequest(firm.owner, { companyId: 999, employeeId: ADA })).rejects.toMatchObject({
      code: "not_found",
    });
    const listed = await withoutRestricted(firm.connectionId, COMPANY, [{ id: ADA }, { id: BEN }]);
    expect(listed).toEqual([{ id: BEN }]);
    // A month up to the request's keeps them (its lines stay readable); a later one does not.
    const month = first.requestedOn.slice(0, 7);
    expect(await withoutRestricted(firm.connectionId, COMPANY, [{ id: ADA }], month)).toEqual([{ id: ADA }]);
    expect(await withoutRestricted(firm.connectionId, COMPANY, [{ id: ADA }], "9999-12")).toEqual([]);
    expect(
      await db.auditEntry.count({ where: { workspaceId: firm.workspaceId, kind: "employee.erasure_requested" } }),
    ).toBe(1);

    // The firm enters the audit: now the latest keep-until is the sealed version's as a booking voucher (2026 + 8).
    await db.companySocialInsuranceAudit.create({
      data: { workspaceId: firm.workspaceId, companyId: COMPANY, lastAuditOn: new Date("2027-06-30T00:00:00Z") },
    });
    // (The job erases every workspace's due requests: other files' may be among them, so this one's row is read.)
    await runErasure();
    const waiting = await db.erasureRequest.findFirstOrThrow({ where: { workspaceId: firm.workspaceId } });
    expect(waiting.state).toBe("restricted");
    expect(waiting.eraseAfter?.toISOString().slice(0, 10)).toBe("2034-12-31");

    const { setTestClockOffset } = await import("@/lib/clock");
    setTestClockOffset(Date.parse("2035-01-02T12:00:00Z") - Date.now());
    expect((await runErasure()).erased).toBeGreaterThanOrEqual(1);

    const erased = await db.erasureRequest.findFirstOrThrow({ where: { workspaceId: firm.workspaceId } });
    expect(erased.state).toBe("erased");
    // The sealed version's texts about Ada are gone, Ben's stays; the sealed row and its hash are untouched.
    const kept = await db.sealedMonthText.findMany({ where: { sealedMonthId: firm.sealedId } });
    expect(kept.map((text) => text.text)).toEqual(["sick"]);
    const { canonicalHash } = await import("@/features/month-close/sealing/canonical");
    const sealed = await db.sealedMonth.findUniqueOrThrow({ where: { id: firm.sealedId } });
    expect(canonicalHash(sealed.content)).toBe(sealed.hash);
    const { readSealedVersions } = await import("@/features/month-close/sealing/server/read-sealed-month");
    expect((await readSealedVersions(firm.connectionId, COMPANY)).map((version) => version.intact)).toEqual([true]);
    // The text kept still verifies against the digest the snapshot sealed.
    const { textMatches } = await import("@/features/month-close/sealing/snapshot");
    const refs = (sealed.content as { acknowledgements: { comment: { ref: string; sha256: string } }[] })
      .acknowledgements;
    expect(kept.every((text) => refs.some((ack) => textMatches(ack.comment, text)))).toBe(true);
    // Caches and settings.
    const state = await db.payrollCompanyState.findFirstOrThrow({ where: { connectionId: firm.connectionId } });
    expect(JSON.stringify(state.employees)).not.toContain("Lovelace");
    expect(JSON.stringify(state.employees)).toContain("Baker");
    expect(
      (await db.datevEmployeeSettings.findMany({ where: { connectionId: firm.connectionId } })).map(
        (r) => r.employeeId,
      ),
    ).toEqual([BEN]);
    const rows = await db.payrollImportRow.findMany({ where: { import: { connectionId: firm.connectionId } } });
    expect(rows.map((row) => row.payload)).toEqual([{ erased: true }]);
    expect(
      await db.mailOutbox.findMany({ where: { text: { contains: "Lovelace" } }, select: { toAddress: true } }),
    ).toEqual([{ toAddress: "stranger@example.com" }]);
    expect(await db.notification.count({ where: { workspaceId: firm.workspaceId } })).toBe(0);
    expect(await db.auditEntry.count({ where: { workspaceId: firm.workspaceId, kind: "employee.erased" } })).toBe(1);
    // A second night erases nothing more of theirs.
    await runErasure();
    expect((await db.erasureRequest.findFirstOrThrow({ where: { workspaceId: firm.workspaceId } })).erasedAt).toEqual(
      erased.erasedAt,
    );
    expect(await db.auditEntry.count({ where: { workspaceId: firm.workspaceId, kind: "employee.erased" } })).toBe(1);

    // The trail verifies: every entry chained, none changed.
    const { chainPending } = await import("@/lib/audit/chain/server/append");
    const { verifyWorkspaceChain } = await import("@/lib/audit/chain/server/verify");
    await chainPending(firm.workspaceId);
    const report = await verifyWorkspaceChain(firm.workspaceId);
    expect(report).toMatchObject({ intact: true, firstBreak: null });
    expect(report.checked).toBeGreaterThanOrEqual(2);
  });
});
