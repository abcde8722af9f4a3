import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { readStoredJson } from "./stored-json";
import { captureLog } from "@/lib/log/testing/capture";

describe("readStoredJson", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers a valid value parsed", () => {
    expect(readStoredJson(z.object({ a: z.number() }), { a: 1 }, "t row 1")).toEqual({ a: 1 });
  });

  it("logs a corrupt value with its id and the failing paths, never the content, and answers undefined", () => {
    const log = captureLog();
    const value = readStoredJson(
      z.object({ name: z.string(), age: z.number() }),
      { name: 42, age: "Erika Mustermann" },
      "payroll_import_rows import 7 row 3",
    );
    expect(value).toBeUndefined();
    expect(log.records()).toEqual([
      expect.objectContaining({
        where: "payroll_import_rows import 7 row 3",
        problems: expect.arrayContaining(["name: invalid_type"]),
      }),
    ]);
    expect(log.text()).not.toContain("Erika");
  });
});
