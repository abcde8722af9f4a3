import { describe, expect, it } from "vitest";
import { importRequestSchema } from "./imports";

const input = { id: "1", first_name: "Ada" };

describe("importRequestSchema: nothing the database cannot store", () => {
  it("accepts row numbers up to 2^31 - 1", () => {
    expect(
      importRequestSchema.safeParse({
        rows: [
          { row: 1, input },
          { row: 2_147_483_647, input },
        ],
      }).success,
    ).toBe(true);
  });

  it("refuses a row number above 2^31 - 1 with its field", () => {
    const result = importRequestSchema.safeParse({ rows: [{ row: 2_147_483_648, input }] });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["rows.0.row"]);
  });

  it("refuses the same row number twice, naming the second", () => {
    const result = importRequestSchema.safeParse({
      rows: [
        { row: 3, input },
        { row: 4, input },
        { row: 3, input },
      ],
    });
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "rows.2.row: Row 3 appears more than once.",
    ]);
  });
});
