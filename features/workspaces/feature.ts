import type { FeatureManifest } from "@/lib/features-core/manifest";
import { WORKSPACE_AUDIT_KINDS } from "./audit-kinds";
import { WORKSPACE_AUDIT_PRESENTERS } from "./audit-present";
import { WORKSPACE_NOTIFICATION_KINDS } from "./notification-kinds";
import { WORKSPACE_WEBHOOK_EVENT_TYPES } from "./webhook-event-types";

/** Workspaces in the process (docs/adr/0241-feature-manifests.md): how the trail reads members', invitations' and settings' entries. */
export const feature = {
  name: "workspaces",
  auditKinds: WORKSPACE_AUDIT_KINDS,
  auditPresenters: WORKSPACE_AUDIT_PRESENTERS,
  notificationKinds: WORKSPACE_NOTIFICATION_KINDS,
  webhookEventTypes: WORKSPACE_WEBHOOK_EVENT_TYPES,
} satisfies FeatureManifest;
