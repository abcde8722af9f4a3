import { describe, expect, it } from "vitest";
import { canonicalHash } from "./canonical";
import { buildSnapshot, linesFromDraftRows, textMatches, type SnapshotInput } from "./snapshot";

const at = (text: string) => new Date(text);

function input(overrides: Partial<SnapshotInput> = {}): SnapshotInput {
  let n = 0;
  return {
    companyId: 1001,
    period: "2026-11",
    version: 2,
    month: {
      round: 2,
      handedInById: null,
      handedInAt: null,
      submittedById: "00000000-0000-4000-8000-000000000001",
      submittedAt: at("2026-11-28T10:00:00.123Z"),
      approvedById: "00000000-0000-4000-8000-000000000002",
      approvedAt: at("2026-11-28T11:00:00.000Z"),
      reopenReason: "Hours of Ms Example were wrong",
      reopenedAt: at("2026-11-27T09:00:00.000Z"),
    },
    fourEyes: true,
    lines: { hours: [{ id: "l1", employee_id: 7, values: { type: "HOURLY_WAGE", total_hours: "8" } }], payments: [] },
    findings: [{ severity: "warning", rule: "sundayPremium", employeeId: 7, params: { date: "2026-11-01" } }],
    acknowledgements: [
      { warningId: "w2", userId: "u", createdAt: at("2026-11-28T10:30:00.000Z"), comment: "asked Ms Example" },
      { warningId: "w1", userId: "u", createdAt: at("2026-11-28T10:20:00.000Z"), comment: "fine" },
    ],
    sealedAtMigration: false,
    salt: () => `salt${(n += 1)}`,
    ...overrides,
  };
}

describe("buildSnapshot", () => {
  it("keeps free text out of the hashed content: only salted digests by reference", () => {
    const { content, texts, hash } = buildSnapshot(input());
    const canonical = JSON.stringify(content);
    expect(canonical).not.toContain("Example");
    expect(canonical).not.toContain("fine");
    expect(texts.map((text) => text.ref)).toEqual(["ack:1", "ack:2", "reopen_reason"]);
    expect(content.acknowledgements.map((ack) => ack.warningId)).toEqual(["w1", "w2"]);
    expect(textMatches(content.reopening!.reason, texts[2]!)).toBe(true);
    expect(textMatches(content.reopening!.reason, { ...texts[2]!, text: "changed" })).toBe(false);
    expect(hash).toBe(canonicalHash(content));
  });

  it("is stable: the same month gives the same hash, a changed value another", () => {
    const first = buildSnapshot(input()).hash;
    expect(buildSnapshot(input()).hash).toBe(first);
    // Pinned: the snapshot's form may not drift silently (stored hashes would no longer verify).
    expect(first).toMatchInlineSnapshot(`"4a08e8d6e5a94d2681b3f16a7fbeb43b76c3a70f00d9a969ac5a850c1607d3be"`);
    const changed = input({
      lines: { hours: [{ id: "l1", employee_id: 7, values: { type: "HOURLY_WAGE", total_hours: "9" } }], payments: [] },
    });
    expect(buildSnapshot(changed).hash).not.toBe(first);
  });

  it("survives a round trip through JSON (as the jsonb column returns it) with the same hash", () => {
    const { content, hash } = buildSnapshot(input());
    expect(canonicalHash(JSON.parse(JSON.stringify(content)))).toBe(hash);
  });
});

describe("linesFromDraftRows", () => {
  it("leaves out blank, unreadable and unknown-kind lines", () => {
    const lines = linesFromDraftRows([
      { kind: "hours", lineId: "a", employeeId: 1, values: { type: "HOURLY_WAGE" } },
      { kind: "hours", lineId: "b", employeeId: 1, values: { type: "" } },
      { kind: "hours", lineId: "c", employeeId: 1, values: "nonsense" },
      { kind: "other", lineId: "d", employeeId: 1, values: { type: "X" } },
      { kind: "payments", lineId: "e", employeeId: 2, values: { amount: "1.00" } },
    ]);
    expect(lines.hours.map((line) => line.id)).toEqual(["a"]);
    expect(lines.payments.map((line) => line.id)).toEqual(["e"]);
  });
});
