import { describe, expect, it } from "vitest";
import { amountsOf } from "./figures";
import { packLedgerAccounts, unpackLedgerAccounts } from "./ledger-pack";

describe("packLedgerAccounts", () => {
  it("round-trips, with missing codes and types as null and separators in names cleaned", () => {
    const accounts = [
      { id: "a", nominalCode: "1200", name: "Bank\tcurrent", typeId: "BANK", typeName: "Bank" },
      { id: "b", nominalCode: null, name: "Odd", typeId: null, typeName: null },
    ];
    expect(unpackLedgerAccounts(packLedgerAccounts(accounts))).toEqual([
      { ...accounts[0], name: "Bank current" },
      accounts[1],
    ]);
    expect(unpackLedgerAccounts("")).toEqual([]);
  });
});

describe("amountsOf", () => {
  it("sums the chosen accounts' six amounts per period; loading and failed periods have none", () => {
    const answers = [
      {
        kind: "ok" as const,
        accounts: [
          ["a", "A", "1", "0", "5", "2", "4", "0"],
          ["b", "B", "0", "0", "10", "0", "10", "0"],
          ["c", "C", "0", "9", "0", "0", "0", "9"],
        ] as never,
      },
      { kind: "failed" as const, code: "unavailable" },
      { kind: "pending" as const },
    ];
    expect(amountsOf(answers, new Set(["a", "b"]))).toEqual([
      { amounts: [1n, 0n, 15n, 2n, 14n, 0n], failed: false },
      { amounts: null, failed: true },
      { amounts: null, failed: false },
    ]);
  });
});
