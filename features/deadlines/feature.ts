import type { FeatureManifest } from "@/lib/features-core/manifest";
import { DEADLINE_AUDIT_KINDS } from "./audit-kinds";
import { DEADLINE_AUDIT_PRESENTERS } from "./audit-present";

/** The deadlines in the process (docs/adr/0241-feature-manifests.md): how the trail reads their settings' entries. */
export const feature = {
  name: "deadlines",
  auditKinds: DEADLINE_AUDIT_KINDS,
  auditPresenters: DEADLINE_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
