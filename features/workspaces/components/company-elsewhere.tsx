import "server-only";
import { getTranslations } from "next-intl/server";
import { Notice } from "@/components/ui/notice";
import type { SessionUser } from "@/lib/auth/server/session";
import { memberWorkspaceWithCompany } from "@/features/workspaces/server/company-holder";
import { SwitchWorkspaceButton } from "./switch-workspace-button";

/**
 * On a company's pages opened in a workspace that does not reach the company: which of the
 * person's other workspaces holds it, with a button to switch there. Nothing when none of their
 * workspaces does (`fallback` then: the page's own message).
 */
export async function CompanyElsewhere({
  user,
  companyId,
  fallback,
}: {
  user: SessionUser;
  companyId: string;
  fallback: React.ReactNode;
}) {
  const holder = await memberWorkspaceWithCompany(user.id, user.workspace?.id ?? null, companyId);
  if (!holder) return fallback;
  const t = await getTranslations();
  return (
    <Notice tone="warning" role="region" aria-label={t("workspaces.elsewhereTitle")}>
      <p className="mb-2">
        {t("workspaces.companyElsewhere", { company: holder.companyName, workspace: holder.name })}
      </p>
      <SwitchWorkspaceButton
        workspaceId={holder.id}
        label={t("workspaces.switchTo", { workspace: holder.name })}
        failedText={t("workspaces.switchFailed")}
      />
    </Notice>
  );
}
