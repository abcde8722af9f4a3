import { describe, expect, vi } from "vitest";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { CheckContext } from "../gate";
import type { MonthActor, MonthStep } from "./audit";
import { COMPANY, line, monthTest, recordingAudit, recordingWakes, service } from "./testing/month-world";

// The month close's gate against an in-process sandbox and the suite's Postgres: blockers refuse
// submit and approval, warnings of the round must be acknowledged (one at a time or a rule's all at once).

// The audit trail's entries and the re-read job's wake-ups (a pg-boss job each), recorded here
// instead; tests run the reads themselves after moving the clock.
const steps: MonthStep[] = [];
vi.mock("./audit", () => recordingAudit(steps));
const wakes: Date[] = [];
vi.mock("./jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes });

/** The single acknowledgement as the dialog of one warning sends it: a list of one. */
async function acknowledgeOne(
  key: MonthKey,
  actor: MonthActor,
  context: CheckContext,
  input: { warningId: string; comment: string },
) {
  const { acknowledgeWarnings } = await import("./acknowledgements");
  const [acknowledgement] = await acknowledgeWarnings(key, actor, context, {
    warningIds: [input.warningId],
    comment: input.comment,
  });
  return acknowledgement;
}

describe("the gate: blockers and acknowledged warnings", () => {
  /** A day of the month that is not a Sunday: a Sunday premium on it is a warning. */
  const weekday = (period: string) => {
    const [year, month] = period.split("-").map(Number) as [number, number];
    const day = [1, 2, 3].find((d) => new Date(Date.UTC(year, month - 1, d)).getUTCDay() !== 0) ?? 4;
    return `${period}-0${day}`;
  };
  const sundayOnWeekday = (period: string, hours = "4") => [
    line("h1", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "14.5" }),
    line("h2", 2, {
      type: "SUNDAY_PREMIUM",
      total_hours: hours,
      total_amount: "15",
      surcharge: "50",
      date: weekday(period),
    }),
  ];

  it("refuses submit (409 naming the count) while a warning of the round is not acknowledged; an acknowledgement lets it pass", async ({
    world: { context, clerk, approver, viewer, key },
  }) => {
    const { submitMonth } = await service();
    const { monthGate, warningId } = await import("../gate");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(key.period), null);
    const refusal = await submitMonth(key, clerk, context).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "month_unacknowledged",
      message: "1 warning(s) of round 1 are not acknowledged.",
    });
    const body = (refusal as { body(): { unacknowledgedCount: number; warnings: { rule: string }[] } }).body();
    expect(body.unacknowledgedCount).toBe(1);
    expect(body.warnings.map((warning) => warning.rule)).toEqual(["sundayPremium"]);

    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const [warning] = monthGate(
      { ...context, month: { period: key.period, ...(await monthLines(getDb(), key)) } },
      new Set(),
    ).warnings;
    const id = warningId(warning!);
    expect(id).toBe(`sundayPremium|2|hours|h2|date=${weekday(key.period)}`);
    await expect(acknowledgeOne(key, viewer, context, { warningId: id, comment: "ok" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(acknowledgeOne(key, clerk, context, { warningId: id, comment: "   " })).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "required" },
    });
    await expect(
      acknowledgeOne(key, clerk, context, { warningId: "noLines|9|||", comment: "ok" }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
    const first = await acknowledgeOne(key, clerk, context, {
      warningId: id,
      comment: "  Worked on the Sunday shift, paid on Monday ",
    });
    expect(first).toMatchObject({
      warningId: id,
      comment: "Worked on the Sunday shift, paid on Monday",
      userName: "Clara Clerk",
    });
    // Twice: the first acknowledgement stays, nothing new is recorded.
    expect(await acknowledgeOne(key, approver, context, { warningId: id, comment: "again" })).toEqual(first);
    expect(steps.filter((step) => step.kind === "month_close.acknowledged")).toEqual([
      expect.objectContaining({
        kind: "month_close.acknowledged",
        companyId: COMPANY,
        details: expect.objectContaining({
          round: 1,
          warningId: id,
          rule: "sundayPremium",
          employeeId: 2,
          entryKind: "hours",
          lineId: "h2",
          comment: "Worked on the Sunday shift, paid on Monday",
        }),
      }),
    ]);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
  });

  it("an edited line's changed warning needs a new acknowledgement; a reopened month's round starts without any", async ({
    world: { context, clerk, approver, key },
  }) => {
    const { submitMonth, approveMonth, reopenMonth } = await service();
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(key.period), null);
    const id = `sundayPremium|2|hours|h2|date=${weekday(key.period)}`;
    await acknowledgeOne(key, clerk, context, { warningId: id, comment: "checked" });
    // Other hours on the same line: the warning says the same, it stays acknowledged.
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(key.period, "5"), null);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
    // An employee without lines appears after submitting (the service's list changed): the approver must acknowledge it.
    const withFour = {
      ...context,
      employees: [...context.employees, { id: 4, firstName: "Neu", lastName: "Person", healthInsurance: null }],
    };
    await expect(approveMonth(key, approver, withFour)).rejects.toMatchObject({
      code: "month_unacknowledged",
      message: "1 warning(s) of round 1 are not acknowledged.",
    });
    await acknowledgeOne(key, approver, withFour, { warningId: "noLines|4|||", comment: "Starts next month" });
    expect(await approveMonth(key, approver, withFour)).toMatchObject({ state: "approved" });
    await expect(acknowledgeOne(key, clerk, withFour, { warningId: id, comment: "late" })).rejects.toMatchObject({
      code: "month_state",
    });
    await reopenMonth(key, approver, "Round two");
    await expect(submitMonth(key, clerk, context)).rejects.toMatchObject({ code: "month_unacknowledged" });
  });

  it("refuses approval while there are blockers (an insurer ended without a successor)", async ({
    world: { context, clerk, approver, key },
  }) => {
    const { submitMonth, approveMonth } = await service();
    await submitMonth(key, clerk, context);
    const ended = {
      ...context,
      employees: context.employees.map((employee) =>
        employee.id === 1 ? { ...employee, healthInsurance: "999" } : employee,
      ),
      insurers: [
        { number: "999", name: "BKK Ende", availableFrom: null, availableTo: "2000-12-31", replacement: null },
      ],
    };
    const refusal = await approveMonth(key, approver, ended).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_blocked", message: "The month has 1 blocker(s)." });
    expect((refusal as { body(): { blockers: { rule: string; employeeId: number }[] } }).body().blockers).toEqual([
      expect.objectContaining({ rule: "insurerEnded", employeeId: 1 }),
    ]);
  });

  /** The context with `count` more employees who have no line this month: one `noLines` warning each. */
  const withoutLines = (context: CheckContext, count: number) => ({
    ...context,
    employees: [
      ...context.employees,
      ...Array.from({ length: count }, (_, index) => ({
        id: 100 + index,
        firstName: "Ohne",
        lastName: `Zeile ${index}`,
        healthInsurance: null,
      })),
    ],
  });
  const noLinesIds = (count: number) => Array.from({ length: count }, (_, index) => `noLines|${100 + index}|||`);
  const acknowledgementCount = async (connectionId: string) => {
    const { getDb } = await import("@/lib/db/client");
    return getDb().monthCloseAcknowledgement.count({ where: { monthClose: { connectionId } } });
  };

  it("acknowledges all of a rule's warnings at once with one comment: one acknowledgement and one audit entry each, earlier ones kept", async ({
    world: { connectionId, context, clerk, approver, key },
  }) => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const { submitMonth } = await service();
    const many = withoutLines(context, 1000);
    const ids = noLinesIds(1000);
    await expect(submitMonth(key, clerk, many)).rejects.toMatchObject({
      code: "month_unacknowledged",
      message: "1000 warning(s) of round 1 are not acknowledged.",
    });
    const earlier = await acknowledgeOne(key, approver, many, { warningId: ids[5]!, comment: "Left in October" });
    steps.length = 0;

    // The list may repeat an id (a double click's second request): it counts once.
    const acknowledged = await acknowledgeWarnings(key, clerk, many, {
      warningIds: [...ids, ids[0]!],
      comment: " Not employed this month ",
    });
    expect(acknowledged).toHaveLength(1000);
    expect(acknowledged[0]).toMatchObject({
      warningId: ids[0],
      comment: "Not employed this month",
      userName: "Clara Clerk",
    });
    expect(acknowledged[5]).toEqual(earlier);
    expect(await acknowledgementCount(connectionId)).toBe(1000);
    const audited = steps.filter((step) => step.kind === "month_close.acknowledged");
    expect(audited).toHaveLength(999);
    expect(
      new Set(audited.map((step) => (step.kind === "month_close.acknowledged" ? step.details.employeeId : null))).size,
    ).toBe(999);
    expect(audited[0]).toMatchObject({
      actor: clerk,
      companyId: COMPANY,
      details: {
        round: 1,
        warningId: ids[0],
        rule: "noLines",
        employeeId: 100,
        entryKind: null,
        lineId: null,
        comment: "Not employed this month",
      },
    });

    // Again: everything is kept, nothing new recorded.
    steps.length = 0;
    expect(await acknowledgeWarnings(key, clerk, many, { warningIds: ids, comment: "again" })).toEqual(acknowledged);
    expect(steps).toEqual([]);
    expect(await submitMonth(key, clerk, many)).toMatchObject({ state: "in_review" });
  });

  it("refuses the whole list when some of its warnings are gone (409 naming how many): nothing is acknowledged", async ({
    world: { connectionId, context, clerk, key },
  }) => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const refusal = await acknowledgeWarnings(key, clerk, withoutLines(context, 3), {
      warningIds: [...noLinesIds(3), "noLines|9998|||", "noLines|9999|||"],
      comment: "ok",
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "conflict",
      message:
        "2 of the 5 warnings are no longer among the month's checks (their lines changed meanwhile); nothing was acknowledged.",
    });
    expect((refusal as { body(): { staleCount: number } }).body().staleCount).toBe(2);
    expect(await acknowledgementCount(connectionId)).toBe(0);
    expect(steps).toEqual([]);
  });

  it("refuses a viewer, an empty comment and an empty list, for the whole list", async ({
    world: { connectionId, context, clerk, viewer, key },
  }) => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const { acknowledgeBodySchema } = await import("../schemas");
    const many = withoutLines(context, 3);
    await expect(
      acknowledgeWarnings(key, viewer, many, { warningIds: noLinesIds(3), comment: "ok" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: " \n " }),
    ).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "required" },
    });
    await expect(
      acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u200b" }),
    ).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "invisible" },
    });
    await expect(
      acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u00a0 \u2060" }),
    ).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "invisible" },
    });
    expect(
      acknowledgeBodySchema.safeParse({ period: key.period, warningIds: noLinesIds(1), comment: "\u200b\u200b" }).error
        ?.issues[0],
    ).toMatchObject({ path: ["comment"], message: "invisible" });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: [], comment: "ok" })).rejects.toMatchObject({
      code: "invalid",
      fields: { warningIds: "count" },
    });
    expect(await acknowledgementCount(connectionId)).toBe(0);
    // The route's body: 1 to 10,000 ids.
    const body = (count: number) => ({ period: key.period, warningIds: noLinesIds(count), comment: "ok" });
    expect(acknowledgeBodySchema.safeParse(body(10_000)).success).toBe(true);
    expect(acknowledgeBodySchema.safeParse(body(10_001)).error?.issues[0]).toMatchObject({
      path: ["warningIds"],
      message: "count",
    });
    expect(acknowledgeBodySchema.safeParse(body(0)).error?.issues[0]).toMatchObject({
      path: ["warningIds"],
      message: "count",
    });
  });
});
