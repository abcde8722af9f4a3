import "server-only";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { Notice } from "@/components/ui/notice";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import type { InvitationCheck } from "@/features/workspaces/server/invitation-acceptance";
import { JoinButton } from "./join-button";

/** What an invitation link shows: every case that cannot be used says why and that nothing changed. */
export async function InvitationPageView({
  token,
  signedIn,
  check,
}: {
  token: string;
  signedIn: boolean;
  check: InvitationCheck;
}) {
  const t = await getTranslations();
  const heading = <h1 className="text-2xl font-bold">{t("workspaces.invitationTitle")}</h1>;
  if (check.state === "open") {
    const roles = check.roles.map((role) => t(`workspaces.roles.${role}`)).join(", ");
    return (
      <section className="max-w-2xl space-y-4">
        {heading}
        {signedIn ? (
          <>
            <p className="text-slate-800">
              {check.invitedBy
                ? t("workspaces.invitedBy", {
                    inviter: check.invitedBy,
                    workspace: check.workspaceName,
                    roles,
                    roleCount: check.roles.length,
                  })
                : t("workspaces.invited", { workspace: check.workspaceName, roles, roleCount: check.roles.length })}
            </p>
            <JoinButton token={token} client={check.roles.includes("client")} />
          </>
        ) : (
          <>
            <p className="text-slate-800">{t("workspaces.signInFirst")}</p>
            <SignInButton
              label={t("workspaces.signIn")}
              callbackUrl={`/invitations/${token}`}
              country={await rememberedCountry()}
            />
            <p>
              <Link
                href={`/sign-in?callbackUrl=${encodeURIComponent(`/invitations/${token}`)}`}
                className="text-blue-700 underline"
              >
                {t("workspaces.signInByEmail")}
              </Link>
            </p>
          </>
        )}
      </section>
    );
  }
  const values = {
    workspace: check.state === "member" ? check.workspaceName : "",
    email: check.state === "other_person" ? (check.yourEmail ?? "—") : "",
    seconds: check.state === "rate_limited" ? check.retryAfterSeconds : 0,
  };
  return (
    <section className="max-w-2xl space-y-4">
      {heading}
      <Notice tone={check.state === "member" ? "info" : "warning"} title={t(`workspaces.bad.${check.state}.title`)}>
        <p>{t(`workspaces.bad.${check.state}.text`, values)}</p>
        <p>{t("workspaces.nothingChanged")}</p>
      </Notice>
      {check.state === "member" ? (
        <Link href={check.client ? "/payroll" : "/settings/workspace"} className="text-blue-700 underline">
          {check.client ? t("clients.title") : t("workspaces.toWorkspace")}
        </Link>
      ) : null}
    </section>
  );
}
