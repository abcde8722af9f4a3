import type { FeatureManifest } from "@/lib/features-core/manifest";

/**
 * The audit trail in the process (docs/adr/0241-feature-manifests.md): nothing of its own to
 * start; it reads every other feature's presenters, which the composition root hands it.
 */
export const feature = { name: "audit-trail" } satisfies FeatureManifest;
