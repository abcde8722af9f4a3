import { describe, expect, it } from "vitest";
import { checksAnswerSchema, checksRequestSchema } from "./worker-protocol";
import { bigMonth } from "./testing/big-month";

// The messages between the grid page and its checks worker: what the worker accepts and answers.

describe("the checks worker's messages", () => {
  const { month, ...context } = bigMonth(3);

  it("accepts the context once and runs with a period and both kinds' lines", () => {
    expect(checksRequestSchema.parse({ type: "context", context })).toMatchObject({
      type: "context",
      context: { company: { federalState: "BY" } },
    });
    const run = checksRequestSchema.parse({
      type: "run",
      id: 7,
      period: month.period,
      hours: month.hours,
      payments: [],
    });
    expect(run).toMatchObject({ type: "run", id: 7, period: "2026-11" });
    expect(run.type === "run" && run.hours).toHaveLength(27);
  });

  it("refuses a bad period, lines that are not lines, a context without its parts and unknown types", () => {
    expect(
      checksRequestSchema.safeParse({ type: "run", id: 1, period: "2026-13", hours: [], payments: [] }).success,
    ).toBe(false);
    expect(
      checksRequestSchema.safeParse({ type: "run", id: 1, period: "2026-11", hours: ["x"], payments: [] }).success,
    ).toBe(false);
    expect(
      checksRequestSchema.safeParse({ type: "run", id: 1.5, period: "2026-11", hours: [], payments: [] }).success,
    ).toBe(false);
    expect(
      checksRequestSchema.safeParse({ type: "context", context: { ...context, company: undefined } }).success,
    ).toBe(false);
    expect(checksRequestSchema.safeParse({ type: "stop" }).success).toBe(false);
  });

  it("answers findings with the run's id, or a failure naming it (null: the request was unreadable)", () => {
    const finding = { severity: "warning", rule: "noLines", employeeId: 1, params: {} };
    expect(checksAnswerSchema.parse({ type: "result", id: 3, findings: [finding], ms: 12.5 })).toEqual({
      type: "result",
      id: 3,
      findings: [finding],
      ms: 12.5,
    });
    expect(checksAnswerSchema.parse({ type: "failed", id: null, message: "unreadable request" })).toMatchObject({
      id: null,
    });
    expect(
      checksAnswerSchema.safeParse({ type: "result", id: 3, findings: [{ ...finding, rule: "nope" }], ms: 1 }).success,
    ).toBe(false);
  });
});
