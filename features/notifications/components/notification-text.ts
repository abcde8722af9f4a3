import type { useTranslations } from "next-intl";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { NotificationView } from "@/features/notifications/schemas";

type T = ReturnType<typeof useTranslations<"notifications">>;

const text = (value: unknown, fallback: string): string => (typeof value === "string" && value ? value : fallback);

/**
 * A notification's sentence in the person's language, from its kind and `data` (the fields
 * features/notifications/server/from-event.ts stores; a reminder's: companyName, period, deadlineKind, deadline (features/reminders)).
 */
export function notificationText(t: T, locale: Locale, view: Pick<NotificationView, "kind" | "data">): string {
  const d = view.data;
  const month = {
    company: text(d.companyName, String(d.companyId ?? "")),
    month: formatMonth(locale, text(d.period, "")),
  };
  const actor = text(d.actorName, t("text.someone"));
  const workspace = text(d.workspaceName, t("text.aWorkspace"));
  switch (view.kind) {
    case "month_handed_in":
      return t("text.month_handed_in", { ...month, actor });
    case "month_sent_back":
      return t("text.month_sent_back", { ...month, actor, reason: text(d.reason, "") });
    case "month_submitted":
      return t("text.month_submitted", { ...month, actor });
    case "month_approved":
      return t("text.month_approved", { ...month, actor });
    case "month_transfer": {
      const outcome =
        d.outcome === "transfer_unclear" || d.outcome === "waiting_for_pay_run" ? d.outcome : "transferred";
      return t(`text.month_transfer_${outcome}`, month);
    }
    case "month_reopened":
      return t("text.month_reopened", { ...month, actor, reason: text(d.reason, "") });
    case "invitation_accepted":
      return t("text.invitation_accepted", { member: text(d.memberName, t("text.someone")), workspace });
    case "connection_attention":
      return d.connectionKind === "accounting"
        ? t("text.connection_attention_accounting")
        : t("text.connection_attention_payroll", { workspace });
    case "member_removed":
      return t("text.member_removed", { actor, workspace });
    case "audit_checkpoint":
      return t("text.audit_checkpoint", { workspace, count: typeof d.count === "number" ? d.count : 0 });
    case "client_reminder":
      return t("text.client_reminder", { ...month, date: formatDay(locale, text(d.deadline, "")) });
    case "way_in_added": {
      const way = d.way === "email" || d.way === "account_link" ? d.way : "passkey";
      return t(`text.way_in_added_${way}`, { detail: text(d.detail, "") });
    }
    case "reminder":
      return t("text.reminder", {
        ...month,
        deadline: d.deadlineKind === "cut_off" ? "cut_off" : "statement",
        date: formatDay(locale, text(d.deadline, "")),
      });
  }
}
