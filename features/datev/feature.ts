import type { FeatureManifest } from "@/lib/features-core/manifest";

/**
 * DATEV as a month's second target (docs/adr/0241-feature-manifests.md, docs/datev.md): the LODAS
 * and Lohn und Gehalt files of an approved month. Above the month close in the list: it reads the
 * month's approved lines and marks the month Transferred.
 */
export const feature = { name: "datev" } satisfies FeatureManifest;
