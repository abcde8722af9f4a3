import { describe, expect, vi } from "vitest";
import type { MonthActor, MonthStep } from "./audit";
import { hoursLines, line, monthTest, recordingAudit, recordingWakes, service } from "./testing/month-world";

// The month close's review against an in-process sandbox and the suite's Postgres: every allowed
// and refused submit, withdraw and approval, four eyes, two approvals at once, frozen drafts.
// Transfer and Reopen: transfer.test.ts; warnings and their acknowledgements: acknowledgements.test.ts.

// The audit trail's entries and the re-read job's wake-ups (a pg-boss job each), recorded here
// instead; tests run the reads themselves after moving the clock.
const steps: MonthStep[] = [];
vi.mock("./audit", () => recordingAudit(steps));
const wakes: Date[] = [];
vi.mock("./jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes });

describe("submit and withdraw", () => {
  it("a month without a row is Open in round 1; a clerk submits; only the submitter withdraws", async ({
    world: { workspaceId, context, clerk, owner, key },
  }) => {
    const { monthCloseView, submitMonth, withdrawMonth } = await service();
    expect(await monthCloseView(key, workspaceId)).toMatchObject({
      state: "open",
      round: 1,
      submittedBy: null,
      fourEyes: true,
    });
    const submitted = await submitMonth(key, clerk, context);
    expect(submitted).toMatchObject({ state: "in_review", submittedBy: "Clara Clerk", submittedById: clerk.userId });
    await expect(withdrawMonth(key, owner)).rejects.toMatchObject({
      code: "forbidden",
      message: "Only the person who submitted the month may withdraw it.",
    });
    await expect(submitMonth(key, clerk, context)).rejects.toMatchObject({
      code: "month_state",
      message: "The month is in review; it cannot be submitted for review.",
    });
    expect(await withdrawMonth(key, clerk)).toMatchObject({ state: "open", submittedBy: null });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.from}>${step.to}`)).toEqual([
      "submit:open>in_review",
      "withdraw:in_review>open",
    ]);
  });

  it("refuses submit for a viewer or an approver alone (403) and while there are blockers (409 with them)", async ({
    world: { context, clerk, approver, viewer, key },
  }) => {
    const { submitMonth } = await service();
    await expect(submitMonth(key, viewer, context)).rejects.toMatchObject({ code: "forbidden" });
    await expect(submitMonth(key, approver, context)).rejects.toMatchObject({ code: "forbidden" });
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await saveEntryDraft(
      { ...key, kind: "payments" },
      [line("p1", 3, { type: "BONUS_PAYMENT", amount: "abc" }), line("p2", 4, { type: "NOPE", amount: "1" })],
      null,
    );
    const refusal = await submitMonth(key, clerk, context).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_blocked" });
    expect((refusal as { body(): { blockers: unknown[] } }).body().blockers).toEqual([
      expect.objectContaining({
        severity: "blocker",
        rule: "invalidValue",
        kind: "payments",
        lineId: "p1",
        employeeId: 3,
        column: "amount",
      }),
      expect.objectContaining({
        severity: "blocker",
        rule: "invalidValue",
        kind: "payments",
        lineId: "p2",
        employeeId: 4,
        column: "type",
        params: expect.objectContaining({ error: "unknownType" }),
      }),
      expect.objectContaining({
        severity: "blocker",
        rule: "unknownEmployee",
        kind: "payments",
        lineId: "p2",
        employeeId: 4,
      }),
    ]);
    expect(steps).toEqual([]);
  });
});

describe("frozen months", () => {
  it("refuses whole and patch saves with 409 month_frozen and keeps the stored draft", async ({
    world: { context, clerk, key },
  }) => {
    const { submitMonth, withdrawMonth } = await service();
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } =
      await import("@/features/payroll/entries/server/drafts");
    await submitMonth(key, clerk, context);
    const draft = await loadEntryDraft({ ...key, kind: "hours" });
    await expect(saveEntryDraft({ ...key, kind: "hours" }, [], null)).rejects.toMatchObject({
      code: "month_frozen",
      message: "The month is in review.",
    });
    await expect(
      patchEntryDraft(
        { ...key, kind: "hours" },
        [{ ...line("h1", 1, { type: "HOURLY_WAGE", total_hours: "99" }), base: draft!.revision }],
        [],
        null,
      ),
    ).rejects.toMatchObject({ code: "month_frozen" });
    expect((await loadEntryDraft({ ...key, kind: "hours" }))?.lines).toEqual(hoursLines(key.period));
    await withdrawMonth(key, clerk);
    await expect(saveEntryDraft({ ...key, kind: "hours" }, hoursLines(key.period), null)).resolves.toMatchObject({
      revision: draft!.revision + 1,
    });
  });
});

describe("approve and four eyes", () => {
  it("refuses approval of an open month (409) and by a clerk (403); an approver approves", async ({
    world: { context, clerk, approver, key },
  }) => {
    const { approveMonth, submitMonth } = await service();
    await expect(approveMonth(key, approver, context)).rejects.toMatchObject({ code: "month_state" });
    await submitMonth(key, clerk, context);
    await expect(approveMonth(key, clerk, context)).rejects.toMatchObject({ code: "forbidden" });
    expect(await approveMonth(key, approver, context)).toMatchObject({
      state: "approved",
      approvedBy: "Arne Approver",
      submittedBy: "Clara Clerk",
    });
  });

  it("four eyes is on by default with two or more members: the submitter cannot approve; an owner's switch is recorded", async ({
    world: { workspaceId, context, clerk, owner, key },
  }) => {
    const { approveMonth, submitMonth } = await service();
    const { setFourEyes, fourEyesSetting } = await import("./four-eyes");
    expect(await fourEyesSetting(workspaceId)).toEqual({ setting: null, effective: true, members: 4 });
    await submitMonth(key, owner, context);
    await expect(approveMonth(key, owner, context)).rejects.toMatchObject({ code: "four_eyes" });
    await expect(setFourEyes({ userId: clerk.userId, name: "Clara" }, workspaceId, false)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, false)).toEqual({
      setting: false,
      effective: false,
      members: 4,
    });
    expect(steps.at(-1)).toMatchObject({
      kind: "workspace.four_eyes",
      enabled: false,
      actor: { userId: owner.userId, workspaceId },
    });
  });

  it("four eyes switched mid-review: the rule in force at submission holds for the round; the switch applies from the next submission; the approval records its rule", async ({
    world: { workspaceId, context, clerk, owner, key },
  }) => {
    const { approveMonth, submitMonth, withdrawMonth, monthCloseView } = await service();
    const { setFourEyes } = await import("./four-eyes");
    const { actionsFor } = await import("../states");
    // A clerk-and-approver submits while four eyes is on; the owner switches it off.
    const both: MonthActor = { ...clerk, roles: ["clerk", "approver"] };
    await submitMonth(key, both, context);
    expect(steps.at(-1)).toMatchObject({ action: "submit", details: { fourEyes: true } });
    await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, false);
    // Her own month, submitted under four eyes: still not hers to approve, and the page offers no Approve.
    await expect(approveMonth(key, both, context)).rejects.toMatchObject({ code: "four_eyes" });
    const view = await monthCloseView(key, workspaceId);
    expect(view).toMatchObject({ state: "in_review", fourEyes: true });
    expect(actionsFor(view, { id: both.userId, roles: both.roles })).toEqual(["withdraw"]);
    // The next submission is under the rule now in force (off): she approves, and the entry says under which rule.
    await withdrawMonth(key, both);
    await submitMonth(key, both, context);
    await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, true);
    expect(await approveMonth(key, both, context)).toMatchObject({ state: "approved", approvedBy: "Clara Clerk" });
    expect(steps.filter((step) => step.kind === "month_close.step" && step.action === "approve")).toEqual([
      expect.objectContaining({ details: { fourEyes: false } }),
    ]);
  });

  it("is off by default for a workspace of one", async ({ world: { owner } }) => {
    const { getDb } = await import("@/lib/db/client");
    const { effectiveFourEyes } = await import("./four-eyes");
    const alone = await getDb().workspace.create({
      data: { name: "alone", members: { create: [{ userId: owner.userId, roles: ["owner"] }] } },
    });
    expect(await effectiveFourEyes(getDb(), alone.id)).toBe(false);
    await getDb().workspace.update({ where: { id: alone.id }, data: { fourEyes: true } });
    expect(await effectiveFourEyes(getDb(), alone.id)).toBe(true);
  });

  it("of two approvals at once exactly one wins; the other is refused with the state", async ({
    world: { context, clerk, approver, owner, key },
  }) => {
    const { approveMonth, submitMonth } = await service();
    await submitMonth(key, clerk, context);
    const results = await Promise.allSettled([approveMonth(key, approver, context), approveMonth(key, owner, context)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({
      code: "month_state",
      message: "The month is approved; it cannot be approved.",
    });
    expect(steps.filter((step) => step.kind === "month_close.step" && step.action === "approve")).toHaveLength(1);
  });
});
