import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditKinds, type AuditKind } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import { presentersOf } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";
import { feature as webhooks } from "@/features/webhooks/feature";
import { FEATURES } from "./features";
import { runnableJobNames } from "./jobs";

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
        QUEUES.keepAlive,
        QUEUES.monthCloseReread,
        QUEUES.monthCloseTransfer,
        QUEUES.mailOutbox,
        QUEUES.mailDigest,
        QUEUES.reminders,
        QUEUES.overviewSweep,
        QUEUES.overviewRefresh,
        QUEUES.webhookDeliveries,
        QUEUES.signInSweep,
      ].sort(),
    );
  });
});
