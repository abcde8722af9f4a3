import { describe, expect, it } from "vitest";
import { ledgerAccountBody } from "@/sandbox/accounting/bodies";
import { knownType, ledgerAccountDetails } from "./details";

describe("ledger account details", () => {
  it("reads the sandbox's ledger account", () => {
    const body = ledgerAccountBody({ id: "la-1", nominal_code: "1200", name: "Bank Current Account", type: "bank" });
    expect(ledgerAccountDetails(JSON.parse(JSON.stringify(body)))).toEqual({
      id: "la-1",
      name: "Bank Current Account",
      displayedAs: "Bank Current Account (1200)",
      nominalCode: "1200",
      typeId: "BANK",
      typeName: "Bank",
    });
  });

  it("names every type the sandbox has", () => {
    for (const type of [
      "fixed_asset",
      "current_asset",
      "bank",
      "current_liability",
      "equity",
      "sales",
      "direct_expense",
      "overhead",
    ] as const) {
      const details = ledgerAccountDetails(ledgerAccountBody({ id: "x", nominal_code: "1", name: "X", type }));
      expect(knownType(details!.typeId)).toBe(type.toUpperCase());
    }
  });

  it("knows a type whatever its spelling, and none it has no name for", () => {
    expect(knownType("CURRENT_ASSETS")).toBe("CURRENT_ASSET");
    expect(knownType("Overheads")).toBe("OVERHEAD");
    expect(knownType("long-term liability")).toBe("LONG_TERM_LIABILITY");
    expect(knownType("SALES")).toBe("SALES");
    expect(knownType("SUSPENSE")).toBeNull();
    expect(knownType(null)).toBeNull();
  });

  it("keeps what it can of a sparse answer and refuses one that is no account", () => {
    expect(
      ledgerAccountDetails({ id: 7, displayed_as: "Sundry", ledger_account_type: { id: "other_income" } }),
    ).toEqual({
      id: "7",
      name: "Sundry",
      displayedAs: "Sundry",
      nominalCode: null,
      typeId: "OTHER_INCOME",
      typeName: null,
    });
    expect(knownType("OTHER_INCOME")).toBe("OTHER_INCOME");
    expect(ledgerAccountDetails(null)).toBeNull();
    expect(ledgerAccountDetails({ name: "No id" })).toBeNull();
    expect(ledgerAccountDetails("ledger")).toBeNull();
  });
});
