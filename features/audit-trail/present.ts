import type { AuditKind } from "@/lib/audit/kinds";
import { NO_NAMES, presentWith, type AuditEntryLike, type AuditNames, type KindPresenters, type PresentedEntry } from "@/lib/audit/present";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { DEADLINE_AUDIT_PRESENTERS } from "@/features/deadlines/audit-present";
import { MONTH_CLOSE_AUDIT_PRESENTERS } from "@/features/month-close/audit-present";
import { OVERVIEW_AUDIT_PRESENTERS } from "@/features/overview/audit-present";
import { PAYROLL_AUDIT_PRESENTERS } from "@/features/payroll/audit-present";
import { WEBHOOK_AUDIT_PRESENTERS } from "@/features/webhooks/audit-present";
import { PASSKEY_AUDIT_PRESENTERS } from "@/features/passkeys/audit-present";
import { SIGN_IN_AUDIT_PRESENTERS } from "@/features/sign-in/audit-present";
import { ACCOUNT_LINKING_AUDIT_PRESENTERS } from "@/features/account-linking/audit-present";
import { WORKSPACE_AUDIT_PRESENTERS } from "@/features/workspaces/audit-present";

/**
 * The trail reads every kind: each feature's presenters, joined here (above the features; the
 * audit core, lib/audit, knows none). A kind without a presenter does not compile.
 */
const PRESENTERS: KindPresenters<AuditKind> = {
  ...WORKSPACE_AUDIT_PRESENTERS,
  ...PAYROLL_AUDIT_PRESENTERS,
  ...MONTH_CLOSE_AUDIT_PRESENTERS,
  ...DEADLINE_AUDIT_PRESENTERS,
  ...OVERVIEW_AUDIT_PRESENTERS,
  ...WEBHOOK_AUDIT_PRESENTERS,
  ...SIGN_IN_AUDIT_PRESENTERS,
  ...PASSKEY_AUDIT_PRESENTERS,
  ...ACCOUNT_LINKING_AUDIT_PRESENTERS,
};

/** The entry's own words: who, what, when, and its old → new changes; `names` beside the numbers where known. */
export function presentEntry(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames = NO_NAMES): PresentedEntry {
  return presentWith(PRESENTERS, locale, t, entry, names);
}
