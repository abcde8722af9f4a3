import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvitationPageView } from "@/features/workspaces/components/invitation-page-view";
import { getSessionUser } from "@/lib/auth/server/session";
import { checkInvitation } from "@/features/workspaces/server/invitation-acceptance";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("workspaces.invitationTitle") };
}

/** An invitation link: Join when signed in, sign-in first (coming back here) when not, or why it cannot be used. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  return (
    <InvitationPageView
      token={token}
      signedIn={user !== null}
      check={await checkInvitation(token, user ? { id: user.id, email: user.email } : null)}
    />
  );
}
