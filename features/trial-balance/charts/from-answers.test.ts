import { describe, expect, it } from "vitest";
import type { AccountTuple } from "../response";
import { accountFigures, groupFigures } from "./from-answers";

const bank: AccountTuple = ["a1", "Bank", "100", "0", "2500", "700", "1900", "0"];
const sales: AccountTuple = ["a2", "Sales", "0", "300", "0", "99999999999999999", "0", "100000000000000299"];
const cash: AccountTuple = ["a3", "Cash", "5", "0", "0", "0", "5", "0"];

describe("figures from the pack's answers", () => {
  const answers = [
    { kind: "ok" as const, accounts: [bank, sales] },
    { kind: "failed" as const },
    { kind: "pending" as const },
    { kind: "ok" as const, accounts: [sales] },
  ];

  it("takes an account's six amounts per period, zero where a read period does not list it", () => {
    expect(accountFigures(answers, "a1")).toEqual([
      { amounts: ["100", "0", "2500", "700", "1900", "0"], failed: false },
      { amounts: null, failed: true, pending: false },
      { amounts: null, failed: false, pending: true },
      { amounts: ["0", "0", "0", "0", "0", "0"], failed: false },
    ]);
  });

  it("sums a group's accounts exactly, leaving out the others", () => {
    const sums = groupFigures([{ kind: "ok", accounts: [bank, sales, cash] }, { kind: "failed" }], ["a1", "a2"]);
    expect(sums[0]).toEqual({
      amounts: [100n, 300n, 2500n, 100000000000000699n, 1900n, 100000000000000299n],
      failed: false,
    });
    expect(sums[1]).toEqual({ amounts: null, failed: true, pending: false });
  });
});
