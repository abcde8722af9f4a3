import { describe, expect, it } from "vitest";
import { overviewSearchString, readOverviewSearchParams } from "./filters";
import { bulkAssignSchema, overviewQuerySchema } from "./schemas";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the overview's URL filters", () => {
  it("read the known filters once each, in order, and drop what does not fit", () => {
    expect(
      readOverviewSearchParams({
        show: ["overdue", "mine", "nonsense", "mine"],
        connection: ID.toUpperCase(),
        q: "  Bäcker  ",
      }),
    ).toEqual({
      show: ["mine", "overdue"],
      connection: ID,
      q: "Bäcker",
    });
    expect(readOverviewSearchParams({ show: "blocked", connection: "not-an-id", q: "   " })).toEqual({
      show: ["blocked"],
      connection: null,
      q: null,
    });
    expect(readOverviewSearchParams({})).toEqual({ show: [], connection: null, q: null });
  });

  it("write a canonical search string that reads back the same", () => {
    const params = { show: ["overdue", "approval"] as const, connection: ID, q: "a&b" };
    const search = overviewSearchString({ ...params, show: [...params.show] });
    expect(search).toBe(`?show=overdue&show=approval&connection=${ID}&q=a%26b`);
    const raw: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(search))
      raw[key] = key === "show" ? [...((raw[key] as string[]) ?? []), value] : value;
    expect(readOverviewSearchParams(raw)).toEqual({ show: ["overdue", "approval"], connection: ID, q: "a&b" });
    expect(overviewSearchString({})).toBe("");
  });

  it("are the route's query schema too, refusing nothing", () => {
    expect(overviewQuerySchema.parse({ show: "mine", extra: "x" })).toEqual({
      show: ["mine"],
      connection: null,
      q: null,
    });
  });
});

describe("bulk assign", () => {
  it("needs someone to add, but may replace with nobody (unassign)", () => {
    const companies = [{ connectionId: ID, companyId: 1 }];
    expect(bulkAssignSchema.safeParse({ companies, userIds: [], mode: "add" }).success).toBe(false);
    expect(bulkAssignSchema.safeParse({ companies, userIds: [], mode: "replace" }).success).toBe(true);
    expect(bulkAssignSchema.safeParse({ companies: [], userIds: [ID], mode: "add" }).success).toBe(false);
  });
});
