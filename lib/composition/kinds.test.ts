import { describe, expect, expectTypeOf, it } from "vitest";
import { notificationKinds, kindDefaults, type NotificationKind } from "@/features/notifications/kinds";
import { webhookEventTypes, type WebhookEventType } from "@/features/webhooks/event-types";
import { auditKinds, kindKey, type AuditKind } from "@/lib/audit/kinds";
import type { DomainEvent } from "@/lib/events/events";
import { joinTables } from "@/lib/features-core/kinds";
import { LOCALES } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { FEATURES } from "./features";

// Each audit kind, notification kind and webhook event type is declared by the feature that
// records or causes it and named by its manifest; the process gets the joined set (./wire.ts). The type (declaration
// merging) and the runtime list are one set, in the order people have always seen, and each
// kind is whole: its texts in both languages and its defaults. docs/adr/0241-feature-manifests.md.

type Declared<Key extends string> = (typeof FEATURES)[number] extends infer Manifest
  ? Manifest extends { readonly [K in Key]: infer Table }
    ? keyof Table
    : never
  : never;

/** A message by its dotted key in one language's merged catalogue, or undefined. */
function message(locale: (typeof LOCALES)[number], key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[locale]);
}

const texts = (locale: (typeof LOCALES)[number], group: string) =>
  Object.keys(message(locale, group) as Record<string, unknown>);

describe("notification kinds", () => {
  it("are the manifests' declarations, the type and the list alike, in the settings page's order", () => {
    expectTypeOf<Declared<"notificationKinds">>().toEqualTypeOf<NotificationKind>();
    expect(notificationKinds()).toEqual([
      "month_handed_in",
      "month_sent_back",
      "month_submitted",
      "month_approved",
      "month_transfer",
      "month_reopened",
      "invitation_accepted",
      "connection_attention",
      "member_removed",
      "reminder",
      "audit_checkpoint",
      "client_reminder",
      "way_in_added",
    ]);
  });

  it.each(LOCALES)("each has its name, its text and its mail in %s, and its defaults", (locale) => {
    for (const kind of notificationKinds()) {
      expect(message(locale, `notifications.kinds.${kind}`), kind).toEqual(expect.any(String));
      expect(message(locale, `mail.kinds.${kind}`), kind).toBeTruthy();
      // A kind's sentence may come in variants (`month_transfer_transferred`, `way_in_added_passkey`).
      expect(
        texts(locale, "notifications.text").filter((key) => key === kind || key.startsWith(`${kind}_`)),
        kind,
      ).not.toEqual([]);
      expect(kindDefaults(kind), kind).toEqual({ inApp: expect.any(Boolean), byEmail: expect.any(Boolean) });
    }
  });
});

describe("webhook event types", () => {
  it("are the manifests' declarations, domain events all, the type and the list alike, in the form's order", () => {
    expectTypeOf<Declared<"webhookEventTypes">>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<WebhookEventType>().toExtend<DomainEvent["type"]>();
    expect(webhookEventTypes()).toEqual([
      "month.handed_in",
      "month.sent_back",
      "month.submitted",
      "month.withdrawn",
      "month.approved",
      "month.reopened",
      "month.transferred",
      "month.transfer_unclear",
      "month.waiting_for_pay_run",
      "member.joined",
      "member.removed",
      "member.roles_changed",
      "audit.checkpoint",
    ]);
  });

  it.each(LOCALES)("each has its name in %s", (locale) => {
    for (const type of webhookEventTypes())
      expect(message(locale, `webhooks.types.${type.replace(".", "_")}`), type).toEqual(expect.any(String));
  });
});

describe("audit kinds", () => {
  it("are the manifests' declarations, the type and the list alike, in the filter's order", () => {
    expectTypeOf<Declared<"auditKinds">>().toEqualTypeOf<AuditKind>();
    expect(auditKinds()).toEqual([
      "member.joined",
      "member.roles_changed",
      "member.removed",
      "member.left",
      "member.erased",
      "member.companies_changed",
      "invitation.created",
      "invitation.revoked",
      "invitation.emailed",
      "payroll.connected",
      "payroll.disconnected",
      "payroll.data_deleted",
      "employee.created",
      "employee.import_started",
      "employee.imported",
      "draft.saved",
      "transfer.sent",
      "month_close.step",
      "month_close.sealed",
      "month_close.acknowledged",
      "workspace.four_eyes",
      "workspace.renamed",
      "company.check_settings",
      "employee.check_settings",
      "workspace.cut_off_rule",
      "company.deadline_settings",
      "company.assignees",
      "webhook.added",
      "webhook.changed",
      "webhook.removed",
      "webhook.secret_rotated",
      "records.retention",
      "records.social_audit",
      "records.tax_audit_export",
      "records.personal_data_export",
      "employee.erasure_requested",
      "employee.erased",
      "session.signed_in",
      "session.sign_in_failed",
      "session.signed_out",
      "session.confirmed",
      "session.confirmation_failed",
      "passkey.added",
      "passkey.renamed",
      "passkey.removed",
      "workspace.passkey_requirement",
      "account.email_added",
      "account.linked",
      "account.link_cancelled",
      "company.datev_settings",
      "employee.datev_settings",
      "workspace.datev_wage_types",
      "month_close.datev_export",
      "datev.bulk_export",
      "datev.bulk_export_download",
    ]);
  });

  it("are each presented by the feature that declares them", () => {
    for (const feature of FEATURES) {
      const declared = "auditKinds" in feature ? Object.keys(feature.auditKinds).sort() : [];
      const presented = "auditPresenters" in feature ? Object.keys(feature.auditPresenters).sort() : [];
      expect(presented, feature.name).toEqual(declared);
    }
  });

  it.each(LOCALES)("each has its name in %s", (locale) => {
    for (const kind of auditKinds())
      expect(message(locale, `audit.kinds.${kindKey(kind)}`), kind).toEqual(expect.any(String));
  });
});

describe("joining the manifests' tables", () => {
  it("refuses a kind declared by two features", () => {
    const one = { notificationKinds: { reminder: { order: 1, defaults: { inApp: true, byEmail: true } } } };
    expect(() => joinTables([one, one], "notificationKinds")).toThrow("reminder is declared by two features");
  });
});
