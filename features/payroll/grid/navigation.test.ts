import { describe, expect, it } from "vitest";
import { blockEdge } from "./navigation";

/** A run of cells written as text: "x" filled, "." empty. */
const run = (cells: string) => ({ last: cells.length - 1, filled: (index: number) => cells[index] === "x" });

describe("blockEdge (Ctrl+arrow)", () => {
  it("goes to the far end of the block of filled cells it starts in", () => {
    const { last, filled } = run("xxxx..xx.");
    expect(blockEdge(0, 1, last, filled)).toBe(3);
    expect(blockEdge(3, -1, last, filled)).toBe(0);
    expect(blockEdge(6, 1, last, filled)).toBe(7);
  });

  it("from the end of a block or an empty cell, goes to the next filled cell", () => {
    const { last, filled } = run("xxxx..xx.");
    expect(blockEdge(3, 1, last, filled)).toBe(6);
    expect(blockEdge(4, 1, last, filled)).toBe(6);
    expect(blockEdge(6, -1, last, filled)).toBe(3);
    expect(blockEdge(5, -1, last, filled)).toBe(3);
  });

  it("with nothing filled that way, goes to the edge; at the edge, stays", () => {
    const { last, filled } = run("xxxx..xx.");
    expect(blockEdge(7, 1, last, filled)).toBe(8);
    expect(blockEdge(8, 1, last, filled)).toBe(8);
    expect(blockEdge(0, -1, last, filled)).toBe(0);
    const empty = run(".....");
    expect(blockEdge(2, 1, empty.last, empty.filled)).toBe(4);
    expect(blockEdge(2, -1, empty.last, empty.filled)).toBe(0);
  });

  it("a single filled cell is a block of its own", () => {
    const { last, filled } = run(".x.x");
    expect(blockEdge(1, 1, last, filled)).toBe(3);
    expect(blockEdge(3, -1, last, filled)).toBe(1);
    expect(blockEdge(1, -1, last, filled)).toBe(0);
  });
});
