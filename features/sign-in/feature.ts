import type { FeatureManifest } from "@/lib/features-core/manifest";
import { SIGN_IN_QUEUE_OPTIONS, SIGN_IN_QUEUES } from "./queues";
import { SIGN_IN_AUDIT_KINDS } from "./audit-kinds";
import { SIGN_IN_AUDIT_PRESENTERS } from "./audit-present";
import { SIGN_IN_NOTIFICATION_KINDS } from "./notification-kinds";

/** Sign-in in the process (docs/adr/0241-feature-manifests.md): the sweep of expired links and challenges, and the sessions' entries. */
export const feature = {
  name: "sign-in",
  // Sign-in, passkeys and account linking import each other's modules (ceremonies, audit, way-in notices): one layer.
  layerGroup: "sign-in",
  queues: SIGN_IN_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/sweep")).startSignInJobs(),
    runnable: {
      // Expired sign-in links and passkey challenges deleted by the (moved) clock.
      [SIGN_IN_QUEUES.sweep]: async () => (await import("./server/sweep")).sweepSignInLeftovers(),
    },
  },
  auditKinds: SIGN_IN_AUDIT_KINDS,
  auditPresenters: SIGN_IN_AUDIT_PRESENTERS,
  notificationKinds: SIGN_IN_NOTIFICATION_KINDS,
} satisfies FeatureManifest;
