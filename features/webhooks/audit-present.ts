import { list, str, type AuditChange, type KindPresenters } from "@/lib/audit/present";
import type { Translate } from "@/lib/i18n/translate";

/** How the trail reads what the webhooks record (features/webhooks/server/audit.ts): endpoints added, changed, removed, secrets rotated. */

type WebhookKind = "webhook.added" | "webhook.changed" | "webhook.removed" | "webhook.secret_rotated";

function typesText(value: unknown): string {
  return list(value).map(String).join(", ");
}

function valueText(t: Translate, field: string, value: unknown): string {
  if (field === "eventTypes") return typesText(value);
  if (field === "enabled") return value ? t("webhooks.enabled") : t("webhooks.disabled");
  return str(value);
}

function changesOf(t: Translate, url: string, changes: unknown): AuditChange[] {
  if (!changes || typeof changes !== "object") return [];
  return Object.entries(changes as Record<string, unknown>).map(([field, pair]) => {
    const [from, to] = list(pair);
    const known = ["url", "description", "eventTypes", "enabled"].includes(field);
    return {
      where: url,
      field: known ? t(`webhooks.fields.${field as "url"}`) : field,
      old: valueText(t, field, from),
      new: valueText(t, field, to),
    };
  });
}

export const WEBHOOK_AUDIT_PRESENTERS: KindPresenters<WebhookKind> = {
  "webhook.added": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.webhook_added", { url: str(d.url), types: typesText(d.eventTypes) }),
  },
  "webhook.changed": {
    summary: ({ t }, { details: d }) => t("audit.summary.webhook_changed", { url: str(d.url) }),
    changes: ({ t }, { details: d }) => changesOf(t, str(d.url), d.changes),
  },
  "webhook.removed": { summary: ({ t }, { details: d }) => t("audit.summary.webhook_removed", { url: str(d.url) }) },
  "webhook.secret_rotated": {
    summary: ({ t }, { details: d }) => t("audit.summary.webhook_secret_rotated", { url: str(d.url) }),
  },
};
