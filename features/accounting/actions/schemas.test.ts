import { describe, expect, it } from "vitest";
import { chooseBusinessSchema, disconnectSchema } from "./schemas";

describe("chooseBusinessSchema", () => {
  it("accepts a business id and trims it", () => {
    expect(chooseBusinessSchema.parse({ businessId: " b-1 " })).toEqual({ businessId: "b-1" });
  });

  it.each([
    [undefined],
    [null],
    ["b-1"],
    [{}],
    [{ businessId: 7 }],
    [{ businessId: "" }],
    [{ businessId: "   " }],
    [{ businessId: "x".repeat(201) }],
    [{ businessId: "b-1", userId: "someone-else" }],
  ])("refuses %j", (input) => {
    expect(chooseBusinessSchema.safeParse(input).success).toBe(false);
  });
});

describe("disconnectSchema", () => {
  it("disconnects the v3.1 connection unless the legacy one is named", () => {
    expect(disconnectSchema.parse({})).toEqual({ version: "v3_1" });
    expect(disconnectSchema.parse({ version: "v3" })).toEqual({ version: "v3" });
  });

  it.each([[{ version: "v4" }], [{ version: "v3", userId: "x" }], ["v3"]])("refuses %j", (input) => {
    expect(disconnectSchema.safeParse(input).success).toBe(false);
  });
});
