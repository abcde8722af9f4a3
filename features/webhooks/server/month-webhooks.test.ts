import { describe, expect, vi } from "vitest";
import { nowMs, setTestClockOffset } from "@/lib/clock";
import type { MonthStep } from "@/features/month-close/server/audit";
import { monthTest, recordingWakes, service } from "@/features/month-close/server/testing/month-world";
import { RETRY_DELAYS_MS } from "../retry-schedule";
import { startReceiver } from "./testing";

// The month close's state changes and a member change as webhooks, end to end: the real service
// emits its domain events (lib/events), the consumer enqueues in the step's transaction, the worker
// sends to a real local receiver that verifies every signature with the Standard Webhooks library
// and answers 500 to the approval's first two attempts; retries run with the app's clock moved.

// Before the app's configuration is first read: the receiver listens on 127.0.0.1.
vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
});
const steps: MonthStep[] = [];
const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes });

describe("month close webhooks", () => {
  it("the receiver sees each state change exactly once, signed, also after answering 500 twice", async ({
    world: { workspaceId, context, clerk, approver, owner, key },
  }) => {
    const { createEndpoint } = await import("./endpoints");
    const { runDueDeliveries: runAll } = await import("./deliveries");
    const { changeRoles } = await import("@/features/workspaces/server/members");
    // No Transfer here: its re-read rows would be read by other files' runs (the suite shares one
    // database); month.transferred is delivered in ./deliveries.test.ts.
    const { submitMonth, approveMonth, reopenMonth } = await service();
    const receiver = await startReceiver();
    try {
      const { endpoint, secret } = await createEndpoint(owner.userId, workspaceId, {
        url: receiver.url,
        description: "Practice software",
        eventTypes: ["month.submitted", "month.approved", "month.reopened", "member.roles_changed"],
      });
      receiver.secrets.push(secret);
      receiver.failNext("month.approved", 2);
      // Only this endpoint's deliveries: the suite's files share one database.
      const runDueDeliveries = () => runAll([endpoint.id]);

      await submitMonth(key, clerk, context);
      await runDueDeliveries();
      await approveMonth(key, approver, context);
      await runDueDeliveries(); // the approval: 500
      await reopenMonth(key, approver, "Hours of employee 2 are missing");
      await runDueDeliveries();
      await changeRoles(owner.userId, workspaceId, approver.userId, ["clerk", "approver"]);
      await runDueDeliveries();
      // The approval's retries, due 5 s and then 5 minutes later: the clock moves, nobody waits.
      for (const delay of RETRY_DELAYS_MS.slice(0, 2)) {
        setTestClockOffset(nowMs() - Date.now() + delay);
        await runDueDeliveries();
      }
      await runDueDeliveries();

      expect(receiver.received.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
      const accepted = receiver.accepted();
      expect(accepted.map((delivery) => delivery.type)).toEqual([
        "month.submitted",
        "month.reopened",
        "member.roles_changed",
        "month.approved",
      ]);
      const approvals = receiver.received.filter((delivery) => JSON.parse(delivery.body).type === "month.approved");
      expect(approvals.map((delivery) => delivery.answered)).toEqual([500, 500, 204]);
      expect(new Set(approvals.map((delivery) => delivery.id)).size).toBe(1);
      expect(accepted.find((delivery) => delivery.type === "month.reopened")?.data).toMatchObject({
        companyId: key.companyId,
        period: key.period,
        reason: "Hours of employee 2 are missing",
        actor: { name: "Arne Approver" },
      });
      expect(accepted.find((delivery) => delivery.type === "member.roles_changed")?.data).toMatchObject({
        member: { id: approver.userId, name: "Arne Approver" },
        roles: ["clerk", "approver"],
      });
    } finally {
      await changeRoles(owner.userId, workspaceId, approver.userId, ["approver"]).catch(() => undefined);
      await receiver.close();
    }
  });
});
