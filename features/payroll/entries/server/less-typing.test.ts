import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { StoredLine } from "../kinds";

// Less typing against the suite's Postgres: the last transferred set of an earlier month (dates
// moved, employees gone left out) and the rates remembered per employee and type.

const COMPANY = 4242;

const line = (id: string, employee: number, values: Record<string, string>): StoredLine => ({
  id,
  employee_id: employee,
  values,
});

// The file's payroll connection, and `transfer`, which records a transfer of it a minute after the
// one before; the earlier months' transfers the tests read are recorded before the first test.
const it = test
  .extend("connectionId", { scope: "file" }, async ({ db }) => {
    const workspace = await db.workspace.create({ data: { name: `Less typing ${randomUUID().slice(0, 6)}` } });
    return (
      await db.payrollConnection.create({
        data: { workspaceId: workspace.id, baseUrl: "http://payroll.test", username: `less-${randomUUID()}` },
      })
    ).id;
  })
  .extend("transfer", { scope: "file", auto: true }, async ({ db, connectionId }) => {
    let clock = Date.UTC(2026, 9, 1);
    async function transfer(
      period: string,
      kind: "hours" | "payments",
      outcome: "succeeded" | "refused" | "unknown",
      lines: unknown,
    ) {
      clock += 60_000;
      await db.payrollEntryTransfer.create({
        data: {
          connectionId,
          companyId: COMPANY,
          period,
          kind,
          userId: randomUUID(),
          userName: "Clara",
          outcome,
          lines: lines as never,
          lineCount: 0,
          totalCents: "0",
          createdAt: new Date(clock),
        },
      });
    }
    await transfer("2026-09", "hours", "succeeded", [
      line("a", 1, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "12.5" }),
    ]);
    await transfer("2026-10", "hours", "succeeded", [
      line("a", 1, { type: "HOURLY_WAGE", total_hours: "160", total_amount: "13.9", date: "2026-10-31" }),
      line("b", 2, { type: "SUNDAY_PREMIUM", total_hours: "4", total_amount: "15", date: "2026-10-05" }),
      line("c", 9, { type: "HOURLY_WAGE", total_hours: "10", total_amount: "14" }),
    ]);
    // Not accepted, or unreadable: neither is offered nor remembered.
    await transfer("2026-10", "hours", "refused", [
      line("x", 1, { type: "HOURLY_WAGE", total_hours: "1", total_amount: "99" }),
    ]);
    await transfer("2026-10", "hours", "succeeded", "not an array");
    await transfer("2026-10", "payments", "succeeded", [
      line("p", 3, { type: "BONUS_PAYMENT", amount: "250" }),
      line("q", 3, { type: "TRAVEL_COSTS", count: "2", amount: "abc" }),
    ]);
    // The current month's own transfer is not "the last month's".
    await transfer("2026-11", "payments", "succeeded", [line("r", 3, { type: "BONUS_PAYMENT", amount: "300" })]);
    return transfer;
  });

describe("moving lines into the new month", () => {
  it("keeps the day of the month, clamped to the month's last day, and leaves other text alone", async () => {
    const { moveDate, startLines } = await import("./less-typing");
    expect(moveDate("2026-10-05", "2026-11")).toBe("2026-11-05");
    expect(moveDate("2026-10-31", "2026-11")).toBe("2026-11-30");
    expect(moveDate("2026-01-31", "2026-02")).toBe("2026-02-28");
    expect(moveDate("2027-12-31", "2028-02")).toBe("2028-02-29");
    expect(moveDate("05.10.2026", "2026-11")).toBe("05.10.2026");
    const start = startLines(
      [
        line("a", 1, { type: "HOURLY_WAGE", date: "2026-10-31" }),
        line("b", 2, {}),
        line("c", 9, { type: "BONUS_PAYMENT" }),
      ],
      "2026-11",
      new Set([1, 2]),
    );
    expect(start).toEqual({ lines: [line("a", 1, { type: "HOURLY_WAGE", date: "2026-11-30" })], leftOut: 2 });
  });
});

describe("the last transferred set", () => {
  it("is the newest successful transfer of an earlier month, dates moved, employees no longer listed left out", async ({
    connectionId,
    transfer,
  }) => {
    const { lastTransferredSet } = await import("./less-typing");
    // The newest successful hours transfer of October is unreadable ("not an array"): nothing to start from there.
    expect(await lastTransferredSet(connectionId, COMPANY, "2026-11", "hours", new Set([1, 2]))).toBeNull();
    await transfer("2026-10", "hours", "succeeded", [
      line("a", 1, { type: "HOURLY_WAGE", total_hours: "160", total_amount: "13.9", date: "2026-10-31" }),
      line("b", 2, { type: "SUNDAY_PREMIUM", total_hours: "4", total_amount: "15", date: "2026-10-05" }),
      line("c", 9, { type: "HOURLY_WAGE", total_hours: "10", total_amount: "14" }),
    ]);
    expect(await lastTransferredSet(connectionId, COMPANY, "2026-11", "hours", new Set([1, 2]))).toEqual({
      period: "2026-10",
      lines: [
        line("a", 1, { type: "HOURLY_WAGE", total_hours: "160", total_amount: "13.9", date: "2026-11-30" }),
        line("b", 2, { type: "SUNDAY_PREMIUM", total_hours: "4", total_amount: "15", date: "2026-11-05" }),
      ],
      leftOut: 1,
    });
    expect((await lastTransferredSet(connectionId, COMPANY, "2026-11", "payments", new Set([3])))?.period).toBe(
      "2026-10",
    );
    expect(await lastTransferredSet(connectionId, COMPANY, "2026-09", "hours", new Set([1]))).toBeNull();
    expect(await lastTransferredSet(connectionId, COMPANY, "2026-11", "hours", new Set([5]))).toBeNull();
  });
});

describe("remembered rates", () => {
  it("are each employee's newest accepted rate per type, over the kind's recent transfers", async ({
    connectionId,
  }) => {
    const { rememberedRates } = await import("./less-typing");
    expect(await rememberedRates(connectionId, COMPANY, "hours")).toEqual({
      "1": { HOURLY_WAGE: "13.9" },
      "2": { SUNDAY_PREMIUM: "15" },
      "9": { HOURLY_WAGE: "14" },
    });
    // A text that is no number is not remembered; the current month's transfer is the newest.
    expect(await rememberedRates(connectionId, COMPANY, "payments")).toEqual({ "3": { BONUS_PAYMENT: "300" } });
    expect(await rememberedRates(randomUUID(), COMPANY, "hours")).toEqual({});
  });
});
