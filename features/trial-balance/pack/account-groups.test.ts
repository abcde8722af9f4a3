import { describe, expect, it } from "vitest";
import { groupOfType } from "./account-groups";

describe("groupOfType", () => {
  it("reads the service's type ids in either form", () => {
    expect(groupOfType("CURRENT_ASSET")).toBe("assets");
    expect(groupOfType("current_assets")).toBe("assets");
    expect(groupOfType("FUTURE_LIABILITY")).toBe("liabilities");
    expect(groupOfType("EQUITY")).toBe("equity");
    expect(groupOfType("OTHER_INCOME")).toBe("income");
    expect(groupOfType("DIRECT_EXPENSE")).toBe("expenses");
    expect(groupOfType("WHATEVER")).toBe("other");
    expect(groupOfType(null)).toBe("other");
  });
});
