import { describe, expect, it } from "vitest";
import type { DomainEvent } from "@/lib/events/events";
import { eventKey, isWebhookEvent, webhookBody } from "./payload";

const month: DomainEvent = {
  type: "month.reopened",
  workspaceId: "w1",
  occurredAt: "2026-11-26T10:00:00.000Z",
  actor: { id: "u1", name: "Anna Approver" },
  connectionId: "c1",
  companyId: 7,
  companyName: "Bäckerei Kraus",
  period: "2026-11",
  monthCloseId: "m1",
  reason: "Hours of Max missing",
  submittedById: "u2",
};

describe("webhook bodies", () => {
  it("say what changed, with names but no person ids beyond the member's", () => {
    expect(webhookBody(month as never)).toEqual({
      type: "month.reopened",
      timestamp: "2026-11-26T10:00:00.000Z",
      data: {
        workspaceId: "w1",
        actor: { name: "Anna Approver" },
        connectionId: "c1",
        companyId: 7,
        companyName: "Bäckerei Kraus",
        period: "2026-11",
        monthCloseId: "m1",
        reason: "Hours of Max missing",
      },
    });
    const roles: DomainEvent = {
      type: "member.roles_changed",
      workspaceId: "w1",
      occurredAt: "2026-11-26T10:00:00.000Z",
      actor: { id: "u1", name: "Olga Owner" },
      userId: "u3",
      roles: ["clerk"],
    };
    expect(webhookBody(roles as never, "Carl Clerk").data).toEqual({
      workspaceId: "w1",
      actor: { name: "Olga Owner" },
      member: { id: "u3", name: "Carl Clerk" },
      roles: ["clerk"],
    });
  });

  it("are made only for month-close and member events", () => {
    expect(isWebhookEvent(month)).toBe(true);
    const attention: DomainEvent = {
      type: "connection.attention",
      workspaceId: "w1",
      occurredAt: "2026-11-26T10:00:00.000Z",
      actor: { id: null, name: null },
      connectionKind: "payroll",
      connectionId: "c1",
      reason: "key_rejected",
    };
    expect(isWebhookEvent(attention)).toBe(false);
  });

  it("key an event by its content: the same event twice is one key", () => {
    expect(eventKey(month)).toBe(eventKey({ ...month }));
    expect(eventKey({ ...month, occurredAt: "2026-11-26T10:00:01.000Z" })).not.toBe(eventKey(month));
  });
});
