import { describe, expect, it } from "vitest";
import { employeeName, NO_NAMES, type AuditNames } from "./present";

// An employee's name in the trail's words comes from what the app knows now, not from the entry:
// an entry holds the id only, so that erasure needs no change to an append-only row (docs/erasure.md).

const names: AuditNames = {
  company: () => null,
  employee: (companyId, employeeId) => (companyId === 1001 && employeeId === 7 ? "Anna Berg" : null),
};

describe("employeeName", () => {
  it("names the employee from the names known now", () => {
    expect(employeeName(names, 1001, { employeeId: 7 })).toBe("Anna Berg");
  });

  it("says nothing of an employee no longer known (erased), and reads an older entry's own name", () => {
    expect(employeeName(names, 1001, { employeeId: 8 })).toBe("");
    expect(employeeName(NO_NAMES, 1001, { employeeId: 7, name: "Anna Berg" })).toBe("Anna Berg");
    // What is known now wins over an older entry's copy (a corrected name reads corrected).
    expect(employeeName(names, 1001, { employeeId: 7, name: "Anna Bergh" })).toBe("Anna Berg");
  });
});
