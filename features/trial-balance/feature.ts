import type { FeatureManifest } from "@/lib/features-core/manifest";

/** The trial balance in the process (docs/adr/0241-feature-manifests.md): its routes and pages only, nothing to start. */
export const feature = { name: "trial-balance" } satisfies FeatureManifest;
