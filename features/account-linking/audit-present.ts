import { str, type KindPresenters } from "@/lib/audit/present";

/** How the trail reads a sign-in e-mail added and an accounting account linked (./server/linking-audit.ts). */

type LinkingKind = "account.email_added" | "account.linked" | "account.link_cancelled";

export const ACCOUNT_LINKING_AUDIT_PRESENTERS: KindPresenters<LinkingKind> = {
  "account.email_added": {
    summary: ({ t }, { details: d }) => t("audit.summary.account_email_added", { email: str(d.email) }),
  },
  "account.linked": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.account_linked", { name: str(d.accountingName) || "—", email: str(d.email) || "—" }),
  },
  "account.link_cancelled": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.account_link_cancelled", { name: str(d.accountingName) || "—" }),
  },
};
