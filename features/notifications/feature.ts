import type { FeatureManifest } from "@/lib/features-core/manifest";

/** Notifications in the process (docs/adr/0241-feature-manifests.md): who is told of each domain event. */
export const feature = {
  name: "notifications",
  eventConsumers: [async (tx, event) => (await import("./server/from-event")).notifyOfEvent(tx, event)],
} satisfies FeatureManifest;
