import { afterEach, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/db/generated/client";
import type { DomainEvent } from "../events";
import { emitEvent, provideEventConsumers, type EventConsumer } from "./emit";

// The event core calls the consumers the composition root handed it (docs/adr/0241-feature-manifests.md),
// in their order, and refuses to emit into a process that was never wired.

const holder = globalThis as { __eventConsumers?: readonly EventConsumer[] };
const wired = holder.__eventConsumers;
afterEach(() => {
  holder.__eventConsumers = wired;
});

const tx = {} as Prisma.TransactionClient;
const event: DomainEvent = {
  type: "member.removed",
  workspaceId: "w1",
  occurredAt: "2026-11-28T12:00:00.000Z",
  actor: { id: "u1", name: "Olga Owner" },
  userId: "u2",
};

describe("emitEvent", () => {
  it("is wired in every vitest file, as in the app's process: notifications, then webhook deliveries", () => {
    expect(wired).toHaveLength(2);
  });

  it("hands the event to each provided consumer in turn, in the same transaction", async () => {
    const seen: string[] = [];
    provideEventConsumers([
      async (given, { type }) => void seen.push(`first ${type} ${given === tx}`),
      async (given, { type }) => void seen.push(`second ${type} ${given === tx}`),
    ]);
    await emitEvent(tx, event);
    expect(seen).toEqual(["first member.removed true", "second member.removed true"]);
  });

  it("throws in a process never wired, so the change rolls back instead of telling nobody", async () => {
    holder.__eventConsumers = undefined;
    await expect(emitEvent(tx, event)).rejects.toThrow(/no event consumers.*wireFeatures/);
  });
});
