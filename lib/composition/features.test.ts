import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditKinds, type AuditKind } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import type { Prisma } from "@/lib/db/generated/client";
import { presentersOf, runnableOf } from "@/lib/features-core/manifest";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { ACCOUNTING_QUEUES } from "@/features/accounting/queues";
import { AUDIT_TRAIL_QUEUES } from "@/features/audit-trail/queues";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";
import { OVERVIEW_QUEUES } from "@/features/overview/queues";
import { REMINDER_QUEUES } from "@/features/reminders/queues";
import { ERASURE_QUEUES } from "@/features/records/erasure/queues";
import { SIGN_IN_QUEUES } from "@/features/sign-in/queues";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";
import { feature as webhooks } from "@/features/webhooks/feature";
import { FEATURES } from "./features";
import { runnableJobNames } from "./jobs";
import { QUEUE_OPTIONS } from "./queues";

// The manifests' list is the one place a feature is added (docs/adr/0241-feature-manifests.md):
// every feature folder is in it once, and what is built from it is whole.

const FOLDERS = readdirSync(path.resolve(import.meta.dirname, "../../features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("the feature manifests' list", () => {
  it("names every folder under features/ once, by its manifest (features/<name>/feature.ts)", async () => {
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual(FOLDERS);
    for (const folder of FOLDERS) {
      const { feature } = (await import(`@/features/${folder}/feature.ts`)) as { feature: { name: string } };
      expect(FEATURES, folder).toContain(feature);
    }
  });

  it("presents every audit kind, each by one feature", () => {
    const presented = FEATURES.flatMap((feature) =>
      "auditPresenters" in feature ? Object.keys(feature.auditPresenters) : [],
    );
    expect(new Set(presented).size, "a kind presented by two features").toBe(presented.length);
    expect(presented.sort()).toEqual([...auditKinds()].sort());
  });

  it("does not compile a presenters' table that misses a kind", () => {
    const whole: KindPresenters<AuditKind> = presentersOf(FEATURES);
    const others = FEATURES.filter(
      (feature): feature is Exclude<(typeof FEATURES)[number], typeof webhooks> => feature !== webhooks,
    );
    // @ts-expect-error without the webhooks' manifest, the webhooks' kinds have no presenter
    const missing: KindPresenters<AuditKind> = presentersOf(others);
    expect(Object.keys(whole).sort()).toEqual([...auditKinds()].sort());
    expect(Object.keys(missing)).not.toContain("webhook.added");
  });

  it("runs each scheduled job by its queue's name, each queue by one feature", () => {
    const claimed = FEATURES.flatMap((feature) =>
      "jobs" in feature && "runnable" in feature.jobs ? Object.keys(feature.jobs.runnable) : [],
    );
    expect(new Set(claimed).size, "a queue run by two features").toBe(claimed.length);
    expect(runnableJobNames().sort()).toEqual(
      [
        ACCOUNTING_QUEUES.keepAlive,
        MONTH_CLOSE_QUEUES.reread,
        MONTH_CLOSE_QUEUES.transfer,
        MAIL_QUEUES.outbox,
        MAIL_QUEUES.digest,
        REMINDER_QUEUES.reminders,
        OVERVIEW_QUEUES.sweep,
        OVERVIEW_QUEUES.refresh,
        WEBHOOK_QUEUES.deliveries,
        SIGN_IN_QUEUES.sweep,
        AUDIT_TRAIL_QUEUES.chain,
        AUDIT_TRAIL_QUEUES.checkpoint,
        ERASURE_QUEUES.erase,
      ].sort(),
    );
  });

  it("makes every queue a feature declares, each declared by one feature", () => {
    const declared = FEATURES.flatMap((feature) => ("queues" in feature ? Object.keys(feature.queues) : []));
    expect(new Set(declared).size, "a queue declared by two features").toBe(declared.length);
    expect(Object.keys(QUEUE_OPTIONS).sort()).toEqual(declared.sort());
  });

  it("does not compile a job run by, or sent to, a queue that no feature declares", () => {
    const stray = {
      name: "stray",
      jobs: { start: async () => {}, runnable: { "mail-outbx": async () => 0 } },
    } as const;
    // @ts-expect-error "mail-outbx" is no listed feature's queue
    const runnable = runnableOf([...FEATURES, stray]);
    expect(Object.keys(runnable)).toContain("mail-outbx");
    // @ts-expect-error lib/jobs's senders take a declared queue's name (registered by ./queues.ts)
    const send = (tx: Prisma.TransactionClient) => sendInTransaction(tx, "mail-outbx", {});
    expect(send).toBeTypeOf("function");
  });
});
