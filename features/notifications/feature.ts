import type { FeatureManifest } from "@/lib/features-core/manifest";

/** Notifications in the process (docs/adr/0241-feature-manifests.md): who is told of each domain event. */
export const feature = {
  name: "notifications",
  // Notifications and mail import each other's modules (their mail channel, its kinds): one layer, the events'.
  layerGroup: "events",
  eventConsumers: [async (tx, event) => (await import("./server/from-event")).notifyOfEvent(tx, event)],
} satisfies FeatureManifest;
