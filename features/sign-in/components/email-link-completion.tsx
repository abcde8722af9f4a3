"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { safeAppPath } from "@/lib/auth/own-url";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { signInApi } from "@/features/sign-in/client/api";

/**
 * The page an e-mail sign-in link opens. The token is in the link's fragment (never sent to a
 * server by opening it, never in a log); signing in takes a press, so a mail scanner that opens
 * links signs nobody in and spends nothing.
 */
const noSubscription = () => () => undefined;

export function EmailLinkCompletion() {
  const t = useTranslations();
  // The fragment is the browser's alone (null while rendered on the server). A link is single use,
  // so the fragment left in the history is spent once it has been used.
  const token = useSyncExternalStore(
    noSubscription,
    () => window.location.hash.slice(1),
    () => null,
  );
  const complete = useMutation({
    mutationFn: (value: string) => signInApi.completeEmailLink({ token: value }),
    // A whole new page: the header and every server-rendered part read the new session.
    onSuccess: ({ redirectTo }) => window.location.assign(safeAppPath(redirectTo) ?? "/"),
  });
  if (token === null) return null;
  if (token === "") return <Notice tone="warning">{t("errors.sign_in_link_invalid")}</Notice>;
  return (
    <div className="space-y-3">
      <p className="text-slate-800">{t("emailSignIn.completeIntro")}</p>
      <Button
        onClick={() => complete.mutate(token)}
        disabled={complete.isPending || complete.isSuccess}
        aria-busy={complete.isPending}
      >
        {t("emailSignIn.complete")}
      </Button>
      {complete.isError ? <Notice tone="error">{errorMessage(t, complete.error)}</Notice> : null}
    </div>
  );
}
