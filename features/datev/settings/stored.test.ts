import { describe, expect, it } from "vitest";
import { effectiveWageTypes } from "./stored";

describe("a company's effective wage types", () => {
  const firm = { HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" as const } };

  it("start from the firm's default where the company has no mapping of its own", () => {
    expect(effectiveWageTypes({}, firm).HOURLY_WAGE).toEqual(firm.HOURLY_WAGE);
    expect(effectiveWageTypes({}, {}).HOURLY_WAGE).toEqual({
      wageTypeNumber: null,
      processingKey: 1,
      carries: "hours",
    });
  });

  it("keep the company's own number over the firm's", () => {
    const own = { HOURLY_WAGE: { wageTypeNumber: 150, processingKey: 2, carries: "amount" as const } };
    expect(effectiveWageTypes(own, firm).HOURLY_WAGE).toEqual(own.HOURLY_WAGE);
  });

  it("follow the firm's default for a type the company's table saved without a number", () => {
    const empty = { HOURLY_WAGE: { wageTypeNumber: null, processingKey: 1, carries: "hours" as const } };
    expect(effectiveWageTypes(empty, firm).HOURLY_WAGE).toEqual(firm.HOURLY_WAGE);
    expect(effectiveWageTypes(empty, {}).HOURLY_WAGE).toEqual(empty.HOURLY_WAGE);
  });
});
