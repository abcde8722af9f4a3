import type { FeatureManifest } from "@/lib/features-core/manifest";
import { WORKSPACE_AUDIT_PRESENTERS } from "./audit-present";

/** Workspaces in the process (docs/adr/0241-feature-manifests.md): how the trail reads members', invitations' and settings' entries. */
export const feature = {
  name: "workspaces",
  auditPresenters: WORKSPACE_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
