import { afterEach, describe, expect, it, vi } from "vitest";
import { readTransferLines } from "./history";
import { captureLog } from "@/lib/log/testing/capture";

describe("a transfer's stored lines", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the readable lines and counts a corrupt one, logged with the transfer's id", () => {
    const log = captureLog();
    const good = { id: "l1", employee_id: 7, values: { hours: "8" } };
    const corrupt = { id: "l2", employee_id: "Erika", values: {} };
    const { lines, unreadableLines } = readTransferLines("3f1c0d8e-0000-4000-8000-000000000001", [good, corrupt]);
    expect(lines).toEqual([good]);
    expect(unreadableLines).toBe(1);
    expect(log.records()).toEqual([
      expect.objectContaining({ where: "payroll_entry_transfers 3f1c0d8e-0000-4000-8000-000000000001 line 1" }),
    ]);
    expect(log.text()).not.toContain("Erika");
  });

  it("flags a value that is not a list at all instead of answering an empty transfer", () => {
    captureLog();
    expect(readTransferLines("t", { broken: true })).toEqual({ lines: [], unreadableLines: 1 });
  });
});
