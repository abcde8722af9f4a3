import { describe, expect, it } from "vitest";
import { ENTRY_KINDS, fieldsOf } from "@/features/payroll/entries/kinds";
import { CELLS_OF } from "./month-totals";

describe("CELLS_OF", () => {
  it.each(ENTRY_KINDS)("reads %s values in the grid's column order", (kind) => {
    const values = Object.fromEntries(fieldsOf(kind).map((field) => [field, `value of ${field}`]));
    expect(CELLS_OF[kind](values)).toEqual(fieldsOf(kind).map((field) => `value of ${field}`));
    expect(CELLS_OF[kind]({})).toEqual(fieldsOf(kind).map(() => ""));
  });
});
