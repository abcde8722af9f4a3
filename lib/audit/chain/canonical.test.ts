import { describe, expect, it } from "vitest";
import {
  canonicalEntry,
  canonicalJson,
  ENTRY_MEMBERS,
  entryHash,
  GENESIS_HASH,
  hashedDetails,
  PERSONAL_DETAIL_KEYS,
  PERSONAL_DETAIL_KEYS_OF_KIND,
} from "./canonical";

describe("canonicalJson (RFC 8785)", () => {
  it("sorts keys by UTF-16 code units and writes no whitespace", () => {
    expect(
      canonicalJson({ b: 1, a: [true, null, "x"], A: { z: 0, "\u00e9": 1, "\ud83d\ude00": 2, "\ufb01": 3 } }),
    ).toBe('{"A":{"z":0,"é":1,"😀":2,"ﬁ":3},"a":[true,null,"x"],"b":1}');
  });

  it("writes numbers as ECMAScript does (RFC 8785 appendix B samples)", () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, -0, 333333333.33333329, 1.5e300, 4.5])).toBe(
      "[1e+21,1e-7,0.000001,0,333333333.3333333,1.5e+300,4.5]",
    );
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });

  it("escapes strings as JSON.stringify does and drops undefined members", () => {
    expect(canonicalJson({ s: 'a"\\\n\u0001\u2028', gone: undefined })).toBe('{"s":"a\\"\\\\\\n\\u0001\u2028"}');
  });
});

describe("the entry's hashed content", () => {
  const entry = {
    id: "00000000-0000-4000-8000-000000000001",
    workspaceId: "00000000-0000-4000-8000-0000000000ff",
    occurredAt: "2026-11-29T05:01:39.123Z",
    actorId: null,
    kind: "employee.imported",
    companyId: 1001,
    period: null,
    subjectId: "import-1",
    details: { importId: "import-1", employees: [{ row: 2, employeeId: 7, name: "Anna Schmidt" }] },
  };

  it("leaves out personal keys at any depth, and a kind's own", () => {
    expect(hashedDetails(entry.kind, entry.details)).toEqual({
      importId: "import-1",
      employees: [{ row: 2, employeeId: 7 }],
    });
    expect(hashedDetails("invitation.emailed", { to: "a@b.de", roles: ["clerk"] })).toEqual({ roles: ["clerk"] });
    expect(hashedDetails("workspace.renamed", { from: "A", to: "B" })).toEqual({ from: "A", to: "B" });
  });

  it("is the same after an erasure of the names, different after any other change", () => {
    const hash = entryHash(entry, GENESIS_HASH);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const erased = { ...entry, details: { importId: "import-1", employees: [{ row: 2, employeeId: 7 }] } };
    expect(entryHash(erased, GENESIS_HASH)).toBe(hash);
    expect(entryHash({ ...entry, companyId: 1002 }, GENESIS_HASH)).not.toBe(hash);
    expect(entryHash(entry, "1".repeat(64))).not.toBe(hash);
  });

  it("is this exact text (the form docs/audit-trail-verification.md shows)", () => {
    expect(canonicalEntry(entry, GENESIS_HASH)).toBe(
      `{"actorId":null,"companyId":1001,"details":{"employees":[{"employeeId":7,"row":2}],"importId":"import-1"},"format":1,"id":"00000000-0000-4000-8000-000000000001","kind":"employee.imported","occurredAt":"2026-11-29T05:01:39.123Z","period":null,"prevHash":"${GENESIS_HASH}","subjectId":"import-1","workspaceId":"00000000-0000-4000-8000-0000000000ff"}`,
    );
  });
});

describe("the entry's members", () => {
  it("are none of them a personal key (canonicalEntry skips those at every depth in one pass)", () => {
    const personal = [...PERSONAL_DETAIL_KEYS, ...Object.values(PERSONAL_DETAIL_KEYS_OF_KIND).flat()];
    expect(ENTRY_MEMBERS.filter((member) => personal.includes(member))).toEqual([]);
  });

  it("hash as canonicalJson of the entry with hashedDetails", () => {
    const entry = {
      id: "e",
      workspaceId: "w",
      occurredAt: "2026-11-29T05:01:39.123Z",
      actorId: "a",
      kind: "invitation.emailed",
      companyId: null,
      period: "2026-11",
      subjectId: null,
      details: { to: "x@y.de", nested: [{ name: "N", keep: [1, { email: "e", ok: true }] }], actorName: "A" },
    };
    const { details, ...rest } = entry;
    expect(canonicalEntry(entry, "p", 1)).toBe(
      canonicalJson({ ...rest, format: 1, prevHash: "p", details: hashedDetails(entry.kind, details) }),
    );
    expect(canonicalEntry({ ...entry, details: undefined }, "p", 1)).toBe(
      canonicalJson({ ...rest, format: 1, prevHash: "p" }),
    );
  });
});
