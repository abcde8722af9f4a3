import { describe, expect, vi } from "vitest";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { PayrollNetworkError } from "@/features/payroll/errors";
import type { MonthActor, MonthStep } from "./audit";
import type { TransferJobData } from "./transfer-job-data";
import { ownMonthDatabase } from "./testing/own-month-database";
import { COMPANY, hoursLines, line, monthTest, recordingAudit, recordingWakes, service } from "./testing/month-world";

// The month close's Transfer against an in-process sandbox and the suite's Postgres: both kinds
// sent, a pay run, unclear outcomes, crashes, late commits, unrecorded answers, two at once, the
// durable job, and Reopen after a transfer. One file, as its tests run the re-reads of every
// transfer in the database that is due (rereads.ts): on a database of the file's own, so that
// another file's transfers are not among them.

// The audit trail's entries and the re-read job's wake-ups (a pg-boss job each), recorded here
// instead; tests run the reads themselves after moving the clock.
const steps: MonthStep[] = [];
vi.mock("./audit", () => recordingAudit(steps));
const wakes: Date[] = [];
vi.mock("./jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes })
  .override("db", { scope: "file" }, async ({ sandbox }, { onCleanup }) => {
    void sandbox; // the sandbox's configuration first, then this file's own database for the app
    return ownMonthDatabase(onCleanup);
  })
  /** What the payroll module holds of the company's hours or payments. */
  .extend("held", { scope: "file" }, async ({ sandbox }) => {
    return async (resource: "hourly_compensations" | "further_payments") =>
      (await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/${resource}`)).body;
  })
  /** The month's transfer history, oldest first: each row's kind and outcome. */
  .extend("historyOf", { scope: "file" }, async ({ world: { connectionId, key }, db }) => {
    return () =>
      db.payrollEntryTransfer.findMany({
        where: { connectionId, companyId: COMPANY, period: key.period },
        orderBy: { createdAt: "asc" },
        select: { kind: true, outcome: true },
      });
  })
  /** The request alone: the month under its lease, the job it enqueued. */
  .extend("request", { scope: "file" }, async ({ world: { key } }) => async (actor: MonthActor) => {
    const { requestTransfer } = await import("./transfer");
    const queued: TransferJobData[] = [];
    const answer = await requestTransfer(key, actor, { enqueue: (data) => Promise.resolve(void queued.push(data)) });
    return { answer, job: queued[0]! };
  })
  /** A runner that wrote the hours' history row and began sending, then died: its heartbeat 31 s old. */
  .extend(
    "runnerDiedSendingHours",
    { scope: "file" },
    async ({ world: { connectionId, key, clerk }, db, advanceClock }) =>
      async () => {
        const { now } = await import("@/lib/clock");
        const sending = await db.payrollEntryTransfer.create({
          data: {
            connectionId,
            companyId: COMPANY,
            period: key.period,
            kind: "hours",
            userId: clerk.userId,
            userName: clerk.name,
            outcome: "unknown",
            lines: [],
            lineCount: 0,
            totalCents: "0",
            errorCode: "SENDING",
          },
        });
        await db.monthClose.update({
          where: { connectionId_companyId_period: key },
          data: { transferHeartbeatAt: now(), hoursTransferId: sending.id },
        });
        await advanceClock(31);
      },
  )
  /** Nothing here; the describes whose tests count the month's history rows delete them (`it.override`). */
  .extend("freshHistory", { auto: true }, async () => {});

/** Round 2's hours: employee 1 worked 8 hours, the rest as before. */
const changedHours = (month: string) =>
  hoursLines(month).map((entry) => (entry.id === "h1" ? line("h1", 1, { ...entry.values, total_hours: "8" }) : entry));

describe("transfer", () => {
  it("sends both kinds: Transferred, the service holds exactly the approved lines; no second transfer", async ({
    world: { client, company, clerk, viewer, key },
    sandbox,
    toApproved,
  }) => {
    const { transferMonth } = await service();
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "month_state" });
    await toApproved();
    await expect(transferMonth(key, viewer, client, company)).rejects.toMatchObject({ code: "forbidden" });
    const result = await transferMonth(key, clerk, client, company);
    expect(result).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred" },
      message: null,
    });
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).body).toEqual([
      {
        company_id: COMPANY,
        employee_id: 1,
        type: "HOURLY_WAGE",
        total_hours: 7.5,
        total_amount: 14.5,
        date: `${company.current_month}-03`,
      },
      { company_id: COMPANY, employee_id: 2, type: "SUNDAY_PREMIUM", total_hours: 4, total_amount: 15, surcharge: 50 },
    ]);
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/further_payments`)).body).toEqual([
      { company_id: COMPANY, employee_id: 3, type: "BONUS_PAYMENT", count: 1, amount: 250 },
    ]);
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "month_state" });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.to}`)).toEqual([
      "submit:in_review",
      "approve:approved",
      "transfer:transfer_unclear",
      "transfer_result:transferred",
    ]);
  });

  it("a pay-run refusal leaves the month Waiting for pay run with its drafts; a person sends again after it", async ({
    world: { client, company, workspaceId, clerk, key },
    sandbox,
    toApproved,
  }) => {
    const { transferMonth, monthCloseView } = await service();
    const { loadEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await toApproved();
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
    const refused = await transferMonth(key, clerk, client, company);
    expect(refused).toMatchObject({
      outcome: { hours: "pay_run", payments: "not_sent" },
      monthClose: { state: "waiting_for_pay_run" },
    });
    expect(refused.message).toContain("pay run");
    expect((await loadEntryDraft({ ...key, kind: "hours" }))?.lines).toEqual(hoursLines(key.period));
    expect(await monthCloseView(key, workspaceId)).toMatchObject({
      state: "waiting_for_pay_run",
      approvedBy: "Arne Approver",
    });
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
    expect(await transferMonth(key, clerk, client, company)).toMatchObject({ monthClose: { state: "transferred" } });
  });

  it("an unknown outcome leaves Transfer unclear; Check transfer finds the service holding it → Transferred", async ({
    world: { client, company, clerk, viewer, key },
    sandbox,
    toApproved,
  }) => {
    const { transferMonth, checkTransfer } = await service();
    await toApproved();
    // The payments are stored but the answer is lost.
    await sandbox.control("POST", "/faults", {
      rules: [
        { method: "POST", path: "/payroll/v1/companies/*/further_payments", kind: "drop_after_commit", times: 1 },
      ],
    });
    const unclear = await transferMonth(key, clerk, client, company);
    expect(unclear).toMatchObject({
      outcome: { hours: "succeeded", payments: "unknown" },
      monthClose: { state: "transfer_unclear" },
    });
    await expect(checkTransfer(key, viewer, client, company, client.baseUrl)).rejects.toMatchObject({
      code: "forbidden",
    });
    const checked = await checkTransfer(key, clerk, client, company, client.baseUrl);
    expect(checked).toMatchObject({ resolved: true, monthClose: { state: "transferred" } });
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({
      code: "month_state",
    });
  });

  it("an unknown outcome whose data the service does not hold → Check transfer returns the month to Approved", async ({
    world: { client, company, clerk, approver, key },
    toApproved,
    advanceClock,
  }) => {
    const { transferMonth, checkTransfer } = await service();
    await toApproved();
    const silent = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: () => Promise.reject(new PayrollNetworkError("timed out", true)),
    } as unknown as PayrollClient;
    const unclear = await transferMonth(key, clerk, silent, company);
    expect(unclear).toMatchObject({
      outcome: { hours: "unknown", payments: "not_sent" },
      monthClose: { state: "transfer_unclear" },
    });
    // Reopening an unclear month is refused: the service may hold it.
    const { reopenMonth } = await service();
    await expect(reopenMonth(key, approver, "typo")).rejects.toMatchObject({ code: "month_state" });
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      resolved: true,
      monthClose: { state: "approved" },
    });
    // No new transfer until the service was read again 10 minutes after the timed-out request.
    await expect(transferMonth(key, clerk, silent, company)).rejects.toMatchObject({ code: "transfer_rereading" });
    await advanceClock(600);
    const { runDueRereads } = await import("./rereads");
    expect(await runDueRereads()).toEqual({ read: 2, differences: 2 });
    // A service that cannot be read back: nothing changes.
    await transferMonth(key, clerk, silent, company);
    expect(await checkTransfer(key, clerk, client, company, "https://payroll.example.com/api")).toMatchObject({
      resolved: false,
      monthClose: { state: "transfer_unclear" },
    });
  });
});

describe("transfer: crashes, late commits, unrecorded answers, two at once", () => {
  it.override("freshHistory", async ({ world: { connectionId }, db }) => {
    await db.payrollEntryTransfer.deleteMany({ where: { connectionId } });
  });
  it("a Transfer whose process died is recognised within 30 s: until then Transfer and Check say it is under way and from when to check; then Check finds what the service holds", async ({
    world: { connectionId, client, company, workspaceId, clerk, approver, key },
    toApproved,
    advanceClock,
    historyOf,
  }) => {
    const { transferMonth, checkTransfer, monthCloseView } = await service();
    const { transferEntries } = await import("@/features/payroll/entries/server/transfers");
    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    const { actionsFor } = await import("../states");
    await toApproved();
    // What a process killed (kill -9) while sending leaves: its lease with the last heartbeat, each
    // kind's history row written before its call, and the service holding what it sent.
    const at = now();
    const row = await getDb().monthClose.update({
      where: { connectionId_companyId_period: key },
      data: {
        state: "transfer_unclear",
        transferLeaseId: crypto.randomUUID(),
        transferStartedAt: at,
        transferHeartbeatAt: at,
        transferStartedByName: "Clara Clerk",
      },
    });
    const dying = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await client.transferHourlyCompensations(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
      transferFurtherPayments: async (...args: Parameters<PayrollClient["transferFurtherPayments"]>) => {
        await client.transferFurtherPayments(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
    } as unknown as PayrollClient;
    const lines = await monthLines(getDb(), key);
    for (const kind of ["hours", "payments"] as const) {
      await transferEntries({
        audit: null,
        connectionId,
        userId: clerk.userId,
        userName: clerk.name,
        client: dying,
        company,
        kind,
        lines: lines[kind],
        onSending: async (id) => {
          await getDb().monthClose.update({
            where: { id: row.id },
            data: kind === "hours" ? { hoursTransferId: id } : { paymentsTransferId: id },
          });
        },
      });
    }
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "unknown" },
      { kind: "payments", outcome: "unknown" },
    ]);

    // 29 s later the heartbeat may still be renewed: both are refused, saying so and from when to check.
    await advanceClock(29);
    const checkableFrom = new Date(at.getTime() + 31_000).toISOString();
    // Transfer starts none (nothing enqueued, nothing recorded): it answers with the one under way and from when to check.
    const stepsBefore = steps.length;
    expect(await transferMonth(key, approver, client, company)).toMatchObject({
      outcome: null,
      transferredBy: "Clara Clerk",
      monthClose: { state: "transfer_unclear", transferUnderWay: { checkableFrom } },
    });
    expect(steps).toHaveLength(stepsBefore);
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({
      code: "transfer_under_way",
    });
    const waiting = await monthCloseView(key, workspaceId);
    expect(waiting).toMatchObject({
      state: "transfer_unclear",
      transferUnderWay: { startedBy: "Clara Clerk", checkableFrom },
      transferStopped: null,
    });
    expect(actionsFor(waiting, { id: approver.userId, roles: approver.roles })).toEqual([]);

    // Its heartbeat is 31 s old: the lease is nobody's. The page says the transfer stopped; Check finds both kinds held.
    await advanceClock(2);
    const stopped = await monthCloseView(key, workspaceId);
    expect(stopped).toMatchObject({
      transferUnderWay: null,
      transferStopped: { startedBy: "Clara Clerk", startedAt: at.toISOString() },
    });
    expect(actionsFor(stopped, { id: approver.userId, roles: approver.roles })).toEqual(["transfer", "check"]);
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      resolved: true,
      monthClose: { state: "transferred", transferStopped: null },
    });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("of two Transfers at once exactly one sends; the other waits for it and shows its result", async ({
    world: { client, company, workspaceId, clerk, approver, key },
    toApproved,
    historyOf,
  }) => {
    const { transferMonth } = await service();
    const { getDb } = await import("@/lib/db/client");
    await toApproved();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = {
      listEmployees: client.listEmployees.bind(client),
      transferFurtherPayments: client.transferFurtherPayments.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await gate;
        return client.transferHourlyCompensations(...args);
      },
    } as unknown as PayrollClient;
    const first = transferMonth(key, clerk, held, company);
    // The first holds the lease while its hours are on their way; then the second asks.
    await expect
      .poll(
        async () =>
          (await getDb().monthClose.findUnique({ where: { connectionId_companyId_period: key } }))?.transferLeaseId ??
          null,
        {
          interval: 20,
        },
      )
      .not.toBeNull();
    const second = transferMonth(key, approver, client, company);
    await expect
      .poll(async () => steps.filter((step) => step.kind === "month_close.step" && step.action === "transfer").length, {
        interval: 20,
      })
      .toBe(1);
    open();
    const [mine, theirs] = await Promise.all([first, second]);
    expect(mine).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred" },
      transferredBy: null,
    });
    // The second started none: it answered with the first one under way, and its page follows the month to that result.
    expect(theirs).toMatchObject({
      outcome: null,
      monthClose: { state: "transfer_unclear", transferUnderWay: { startedBy: "Clara Clerk" } },
      transferredBy: "Clara Clerk",
    });
    expect(await (await service()).monthCloseView(key, workspaceId)).toMatchObject({
      state: "transferred",
      transferredAt: mine.monthClose.transferredAt,
    });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a request landing after the timeout: no new Transfer until the service was read again after 10 minutes; then the new lines replace it", async ({
    world: { client, company, workspaceId, context, clerk, approver, key },
    sandbox,
    toApproved,
    advanceClock,
    held,
  }) => {
    const { transferMonth, checkTransfer, reopenMonth, submitMonth, approveMonth } = await service();
    const { runDueRereads } = await import("./rereads");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await toApproved();
    // The hours request lands 23 s after the app gave up on it.
    await sandbox.control("POST", "/faults", {
      rules: [
        {
          method: "POST",
          path: "/payroll/v1/companies/*/hourly_compensations",
          kind: "commit_late",
          commit_after_seconds: 23,
          times: 1,
        },
      ],
    });
    const unclear = await transferMonth(key, clerk, client, company);
    expect(unclear).toMatchObject({
      outcome: { hours: "unknown", payments: "not_sent" },
      monthClose: { state: "transfer_unclear" },
    });
    const sentAt = Date.parse(unclear.monthClose.rereadDueAt!) - 600_000;
    expect(wakes.map((wake) => Math.round((wake.getTime() - sentAt) / 1000))).toEqual([60, 600]);
    // The check finds nothing stored: Approved. Reopened, changed, approved again: not sent before the 10-minute read.
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      monthClose: { state: "approved" },
    });
    await reopenMonth(key, approver, "Employee 1 worked 8 hours");
    await saveEntryDraft({ ...key, kind: "hours" }, changedHours(key.period), null);
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({
      code: "transfer_rereading",
      extra: { rereadDueAt: unclear.monthClose.rereadDueAt },
    });
    // The old request lands at 23 s; the reads at 1 and 10 minutes see it (the month has moved on to round 2: it stays Approved).
    await advanceClock(60);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "transfer_rereading" });
    await advanceClock(540);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    const sent = await transferMonth(key, clerk, client, company);
    expect(sent).toMatchObject({ monthClose: { state: "transferred", round: 2 } });
    expect(await held("hourly_compensations")).toEqual([
      expect.objectContaining({ employee_id: 1, total_hours: 8 }),
      expect.objectContaining({ employee_id: 2 }),
    ]);
    // Its own reads find what was sent: it stays Transferred.
    await advanceClock(600);
    expect(await runDueRereads()).toEqual({ read: 2, differences: 0 });
    await expect((await service()).monthCloseView(key, workspaceId)).resolves.toMatchObject({
      state: "transferred",
      transferDifference: null,
    });
  });

  it("a late commit of the hours, the payments never sent: the re-read says the service holds the hours and the payments were never sent", async ({
    world: { client, company, workspaceId, clerk, key },
    sandbox,
    toApproved,
    advanceClock,
    held,
  }) => {
    const { transferMonth, monthCloseView } = await service();
    const { runDueRereads } = await import("./rereads");
    const { transferFinding } = await import("../transfer-finding");
    await toApproved();
    await sandbox.control("POST", "/faults", {
      rules: [
        {
          method: "POST",
          path: "/payroll/v1/companies/*/hourly_compensations",
          kind: "commit_late",
          commit_after_seconds: 23,
          times: 1,
        },
      ],
    });
    const unclear = await transferMonth(key, clerk, client, company);
    expect(unclear).toMatchObject({
      outcome: { hours: "unknown", payments: "not_sent" },
      monthClose: { state: "transfer_unclear" },
    });
    expect(unclear.monthClose.lastTransferMessage).not.toBeNull();
    await advanceClock(60);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await held("further_payments")).toHaveLength(0);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    // The request's failure is no longer what the month says: the service holds the hours, the payments never went out.
    const after = await monthCloseView(key, workspaceId);
    expect(after).toMatchObject({ state: "transfer_unclear", lastTransferMessage: null });
    expect(transferFinding(after.transferDifference)).toMatchObject({
      checked: false,
      afterMinutes: 1,
      held: ["hours"],
      differing: [],
      notSent: ["payments"],
    });
    await advanceClock(540);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    expect(transferFinding((await monthCloseView(key, workspaceId)).transferDifference)).toMatchObject({
      held: ["hours"],
      notSent: ["payments"],
    });
  });

  it("Check on a dead transfer that sent the hours only: Approved, saying the service holds the hours and the payments were never sent", async ({
    world: { connectionId, client, company, workspaceId, clerk, key },
    toApproved,
    advanceClock,
  }) => {
    const { checkTransfer, monthCloseView } = await service();
    const { transferEntries } = await import("@/features/payroll/entries/server/transfers");
    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    const { transferFinding } = await import("../transfer-finding");
    await toApproved();
    // A runner killed (kill -9) after its hours landed, before it sent the payments.
    const at = now();
    const row = await getDb().monthClose.update({
      where: { connectionId_companyId_period: key },
      data: {
        state: "transfer_unclear",
        transferLeaseId: crypto.randomUUID(),
        transferStartedAt: at,
        transferHeartbeatAt: at,
        transferStartedByName: "Clara Clerk",
        lastTransferMessage: "The payroll service could not be reached.",
      },
    });
    const dying = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await client.transferHourlyCompensations(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
    } as unknown as PayrollClient;
    await transferEntries({
      audit: null,
      connectionId,
      userId: clerk.userId,
      userName: clerk.name,
      client: dying,
      company,
      kind: "hours",
      lines: (await monthLines(getDb(), key)).hours,
      onSending: async (id) =>
        void (await getDb().monthClose.update({ where: { id: row.id }, data: { hoursTransferId: id } })),
    });
    await advanceClock(31);
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      resolved: true,
      monthClose: { state: "approved" },
    });
    const view = await monthCloseView(key, workspaceId);
    expect(view.lastTransferMessage).toBeNull();
    expect(transferFinding(view.transferDifference)).toMatchObject({
      checked: true,
      held: ["hours"],
      differing: [],
      notSent: ["payments"],
    });
  });

  it("an old request landing on a newer transfer: the re-read marks the month Transfer unclear with the difference", async ({
    world: { connectionId, client, company, workspaceId, context, clerk, approver, key },
    sandbox,
    toApproved,
    advanceClock,
    held,
  }) => {
    const { transferMonth, checkTransfer, reopenMonth, submitMonth, approveMonth, monthCloseViews } = await service();
    const { runJobNow } = await import("@/lib/composition/jobs");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await toApproved();
    // Later than both reads of its own transfer: 11 minutes.
    await sandbox.control("POST", "/faults", {
      rules: [
        {
          method: "POST",
          path: "/payroll/v1/companies/*/hourly_compensations",
          kind: "commit_late",
          commit_after_seconds: 660,
          times: 1,
        },
      ],
    });
    await transferMonth(key, clerk, client, company);
    await checkTransfer(key, clerk, client, company, client.baseUrl);
    await reopenMonth(key, approver, "One line only");
    await saveEntryDraft({ ...key, kind: "hours" }, changedHours(key.period), null);
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    await advanceClock(600);
    expect(await runJobNow("month-close-reread")).toEqual({ result: { read: 2, differences: 2 } });
    expect(await transferMonth(key, clerk, client, company)).toMatchObject({ monthClose: { state: "transferred" } });
    // The old request lands 60 s later, over the new one; the 1-minute read sees it.
    await advanceClock(61);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await runJobNow("month-close-reread")).toEqual({ result: { read: 1, differences: 1 } });
    const listed = (await monthCloseViews(connectionId, [{ id: COMPANY, current_month: key.period }], workspaceId)).get(
      COMPANY,
    );
    expect(listed).toMatchObject({
      state: "transfer_unclear",
      transferDifference: {
        afterMinutes: 1,
        kinds: [
          { kind: "hours", sent: 2, held: 2, missing: 1, unexpected: 1 },
          { kind: "payments", sent: 1, held: 1, missing: 0, unexpected: 0 },
        ],
      },
    });
    expect(steps.at(-1)).toMatchObject({
      action: "check_result",
      from: "transferred",
      to: "transfer_unclear",
      details: { reread: 1, held: false },
    });
    // Check compares with the approved lines: not held → Approved, to be sent again.
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      monthClose: { state: "approved", transferDifference: expect.anything() },
    });
  });

  it("the service accepts while the history row is locked: the month stays Transfer unclear, no database words; the 1-minute read records it", async ({
    world: { connectionId, client, company, workspaceId, clerk, key },
    toApproved,
    advanceClock,
    held,
    historyOf,
  }) => {
    const { transferMonth, monthCloseView } = await service();
    const { runDueRereads } = await import("./rereads");
    const pg = (await import("pg")).default;
    await toApproved();
    // The file's own database (ownMonthDatabase), as the app's role.
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      // While the hours request is at the service, someone holds the transfer's history row (8 s in the report; here until the end).
      const locking = {
        listEmployees: client.listEmployees.bind(client),
        transferFurtherPayments: client.transferFurtherPayments.bind(client),
        transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
          await locker.query("BEGIN");
          await locker.query(
            "SELECT id FROM payroll_entry_transfers WHERE connection_id = $1 AND kind = 'hours' AND error_code = 'SENDING' FOR UPDATE",
            [connectionId],
          );
          return client.transferHourlyCompensations(...args);
        },
      } as unknown as PayrollClient;
      const result = await transferMonth(key, clerk, locking, company, {
        recording: { attempts: 2, lockTimeoutMs: 200, pauseMs: 10 },
      });
      expect(result).toMatchObject({
        outcome: { hours: "unrecorded", payments: "succeeded" },
        monthClose: { state: "transfer_unclear", lastTransferMessage: null },
        unrecorded: true,
        message: null,
      });
      expect(JSON.stringify(result)).not.toMatch(/prisma|lock|timeout|invocation/i);
      expect(await held("hourly_compensations")).toHaveLength(2);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "unknown" },
      { kind: "payments", outcome: "succeeded" },
    ]);
    await advanceClock(60);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    expect(await monthCloseView(key, workspaceId)).toMatchObject({ state: "transferred" });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });
});

describe("transfer as a durable job", () => {
  it.override("freshHistory", async ({ world: { connectionId }, db }) => {
    await db.payrollEntryTransfer.deleteMany({ where: { connectionId } });
  });
  it("the request answers at once with the month Transferring and its job enqueued; nothing is sent until a process runs the job", async ({
    world: { client, company, workspaceId, clerk, key },
    toApproved,
    held,
    historyOf,
    request,
  }) => {
    const { checkTransfer, monthCloseView } = await service();
    const { runTransferJob } = await import("./transfer-job");
    const { shownState } = await import("../states");
    await toApproved();
    const { answer, job } = await request(clerk);
    expect(answer).toMatchObject({
      transferredBy: null,
      monthClose: { state: "transfer_unclear", transferUnderWay: { startedBy: "Clara Clerk" } },
    });
    expect(shownState(answer.monthClose)).toBe("transferring");
    expect(job).toEqual({ key, leaseId: expect.any(String), actor: clerk });
    expect(await held("hourly_compensations")).toEqual([]);
    expect(await historyOf()).toEqual([]);
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({
      code: "transfer_under_way",
    });
    // Any process runs it (the job carries everything): both kinds sent once.
    expect(await runTransferJob(job, { payroll: { client, company } })).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      resumed: false,
      monthClose: { state: "transferred" },
    });
    expect(shownState(await monthCloseView(key, workspaceId))).toBe("transferred");
    // The same job handed out again finds its lease gone: nothing more is sent.
    expect(await runTransferJob(job, { payroll: { client, company } })).toBeNull();
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a job not enqueued: the month returns to Approved, the request fails saying nothing was sent", async ({
    world: { workspaceId, clerk, key },
    toApproved,
  }) => {
    const { requestTransfer, monthCloseView } = await service();
    await toApproved();
    await expect(
      requestTransfer(key, clerk, { enqueue: () => Promise.reject(new Error("pg-boss down")) }),
    ).rejects.toMatchObject({
      code: "unavailable",
      message: "The transfer could not be started; nothing was sent. Try again in a moment.",
    });
    expect(await monthCloseView(key, workspaceId)).toMatchObject({
      state: "approved",
      transferUnderWay: null,
      transferStopped: null,
    });
  });

  it("a copy of the job handed out while its runner is alive sends nothing and is tried again later; after the runner ended it does nothing", async ({
    world: { client, company, clerk },
    toApproved,
    historyOf,
    request,
  }) => {
    const { runTransferJob, TransferHeldError } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = {
      listEmployees: client.listEmployees.bind(client),
      transferFurtherPayments: client.transferFurtherPayments.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await gate;
        return client.transferHourlyCompensations(...args);
      },
    } as unknown as PayrollClient;
    const runner = runTransferJob(job, { payroll: { client: slow, company } });
    await expect.poll(async () => (await historyOf()).length, { interval: 20 }).toBe(1);
    await expect(runTransferJob(job, { payroll: { client, company } })).rejects.toBeInstanceOf(TransferHeldError);
    open();
    expect(await runner).toMatchObject({ monthClose: { state: "transferred" } });
    expect(await runTransferJob(job, { payroll: { client, company } })).toBeNull();
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a runner killed after its hours went out: within 30 s the retried job waits; then it reads what the service holds, does not send the hours again, sends the payments", async ({
    world: { connectionId, client, company, clerk, key },
    toApproved,
    advanceClock,
    held,
    historyOf,
    request,
  }) => {
    const { runTransferJob, TransferHeldError } = await import("./transfer-job");
    const { transferEntries } = await import("@/features/payroll/entries/server/transfers");
    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    await toApproved();
    const { job } = await request(clerk);
    // What a runner killed (kill -9) after sending the hours leaves: its heartbeat, the hours' history row of unknown outcome, the service holding them.
    const row = await getDb().monthClose.update({
      where: { connectionId_companyId_period: key },
      data: { transferHeartbeatAt: now() },
    });
    const lost = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await client.transferHourlyCompensations(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
    } as unknown as PayrollClient;
    const lines = await monthLines(getDb(), key);
    await transferEntries({
      audit: null,
      connectionId,
      userId: clerk.userId,
      userName: clerk.name,
      client: lost,
      company,
      kind: "hours",
      lines: lines.hours,
      onSending: async (id) => {
        await getDb().monthClose.update({ where: { id: row.id }, data: { hoursTransferId: id } });
      },
    });
    expect(await held("hourly_compensations")).toHaveLength(2);

    await advanceClock(29);
    await expect(runTransferJob(job, { payroll: { client, company } })).rejects.toBeInstanceOf(TransferHeldError);
    await advanceClock(2);
    const resumed = await runTransferJob(job, { payroll: { client, company } });
    expect(resumed).toMatchObject({
      resumed: true,
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred", transferStopped: null },
    });
    // Exactly once per kind: one history row each, the hours' recorded as succeeded from what the service holds.
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await held("further_payments")).toHaveLength(1);
    // Both kinds are read again after 1 and 10 minutes, as after any Transfer.
    expect(wakes).toHaveLength(2);
  });

  it("taking over from a dead runner that sent its hours while the service cannot be read: nothing is sent, the month stays Transfer unclear", async ({
    world: { company, clerk },
    toApproved,
    historyOf,
    request,
    runnerDiedSendingHours,
  }) => {
    const { runTransferJob } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    await runnerDiedSendingHours();
    const unreadable = {
      listEmployees: () => Promise.reject(new PayrollNetworkError("timed out", true)),
    } as unknown as PayrollClient;
    expect(await runTransferJob(job, { payroll: { client: unreadable, company } })).toMatchObject({
      resumed: true,
      outcome: { hours: "unknown", payments: "not_sent" },
      monthClose: { state: "transfer_unclear", transferStopped: null, transferUnderWay: null },
    });
    expect(await historyOf()).toHaveLength(1);
  });

  it("a runner killed before its hours landed: the retried job sends them again, once", async ({
    world: { client, company, clerk },
    toApproved,
    held,
    historyOf,
    request,
    runnerDiedSendingHours,
  }) => {
    const { runTransferJob } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    // The hours' history row was written, the request never reached the service.
    await runnerDiedSendingHours();
    expect(await runTransferJob(job, { payroll: { client, company } })).toMatchObject({
      resumed: true,
      monthClose: { state: "transferred" },
    });
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect((await historyOf()).filter((entry) => entry.outcome === "succeeded")).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });
});

describe("reopen", () => {
  it("an approver reopens with a reason as the next round; without a reason or as a clerk it is refused", async ({
    world: { client, company, context, clerk, approver, key },
    toApproved,
  }) => {
    const { reopenMonth, transferMonth, submitMonth } = await service();
    const { monthCloseBodySchema } = await import("../schemas");
    await expect(reopenMonth(key, approver, "too early")).rejects.toMatchObject({ code: "month_state" });
    await toApproved();
    await transferMonth(key, clerk, client, company);
    await expect(reopenMonth(key, clerk, "typo")).rejects.toMatchObject({ code: "forbidden" });
    await expect(reopenMonth(key, approver, "  ")).rejects.toMatchObject({ code: "invalid" });
    for (const invisible of ["\u200b", "\u00a0 \u2060", "\ufeff\u200e"]) {
      await expect(reopenMonth(key, approver, invisible)).rejects.toMatchObject({
        code: "invalid",
        fields: { reason: "invisible" },
      });
      expect(
        monthCloseBodySchema.safeParse({ action: "reopen", period: key.period, reason: invisible }).error?.issues[0],
      ).toMatchObject({
        path: ["reason"],
        message: "invisible",
      });
    }
    const reopened = await reopenMonth(key, approver, "Hours of employee 2 were wrong");
    expect(reopened).toMatchObject({
      state: "open",
      round: 2,
      reopenReason: "Hours of employee 2 were wrong",
      reopenedBy: "Arne Approver",
      submittedBy: null,
      approvedBy: null,
    });
    expect(steps.at(-1)).toMatchObject({
      action: "reopen",
      from: "transferred",
      to: "open",
      round: 2,
      details: { reason: "Hours of employee 2 were wrong" },
    });
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await expect(saveEntryDraft({ ...key, kind: "hours" }, hoursLines(key.period), null)).resolves.toBeDefined();
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review", round: 2 });
  });
});
