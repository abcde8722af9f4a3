"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { safeAppPath } from "@/lib/auth/own-url";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { PasskeyCancelled, signInWithPasskey } from "@/features/passkeys/client/ceremony";

/** Signing in with a passkey (usernameless: the browser offers this site's passkeys). */
export function PasskeySignInButton({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations();
  const signIn = useMutation({
    mutationFn: signInWithPasskey,
    // The page checked `callbackUrl` already; checked again here, where the browser goes.
    onSuccess: ({ redirectTo }) => window.location.assign(safeAppPath(callbackUrl) ?? safeAppPath(redirectTo) ?? "/"),
  });
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h2 className="font-semibold">{t("passkeys.signInHeading")}</h2>
      <p className="text-sm text-slate-700">{t("passkeys.signInIntro")}</p>
      <Button
        variant="secondary"
        onClick={() => signIn.mutate()}
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        {t("passkeys.signIn")}
      </Button>
      <div aria-live="polite">
        {signIn.error instanceof PasskeyCancelled ? <Notice tone="info">{t("passkeys.cancelled")}</Notice> : null}
        {signIn.isError && !(signIn.error instanceof PasskeyCancelled) ? (
          <Notice tone="error">{errorMessage(t, signIn.error)}</Notice>
        ) : null}
      </div>
    </div>
  );
}
