import type { FeatureManifest } from "@/lib/features-core/manifest";

// Imported on the first event and kept: an `import()` per event costs a module resolution each
// time (under the dev loader, a round trip to its thread), which a bulk export pays 300 times.
const loadFromEvent = () => import("./server/from-event");
let fromEvent: ReturnType<typeof loadFromEvent> | undefined;

/** Notifications in the process (docs/adr/0241-feature-manifests.md): who is told of each domain event. */
export const feature = {
  name: "notifications",
  // Notifications and mail import each other's modules (their mail channel, its kinds): one layer, the events'.
  layerGroup: "events",
  eventConsumers: [async (tx, event) => (await (fromEvent ??= loadFromEvent())).notifyOfEvent(tx, event)],
} satisfies FeatureManifest;
