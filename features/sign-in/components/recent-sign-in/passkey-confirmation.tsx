"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { confirmSessionWithPasskey, PasskeyCancelled } from "@/features/passkeys/client/ceremony";

/** `Confirm with a passkey`: the browser's passkey prompt, then the server's check (one of the person's passkeys). */
export function PasskeyConfirmation({ onConfirmed, passkeyOnly }: { onConfirmed: () => void; passkeyOnly: boolean }) {
  const t = useTranslations();
  const confirm = useMutation({ mutationFn: confirmSessionWithPasskey, onSuccess: onConfirmed });
  const failure = confirm.error
    ? confirm.error instanceof PasskeyCancelled
      ? t("recentSignIn.passkeyFailed")
      : errorMessage(t, confirm.error)
    : null;
  return (
    <div className="space-y-2">
      {passkeyOnly ? <p className="text-sm text-slate-700">{t("recentSignIn.passkeyOnly")}</p> : null}
      <Button
        onClick={() => confirm.mutate()}
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
        className="w-full sm:w-auto"
      >
        {confirm.isPending ? t("recentSignIn.confirming") : t("recentSignIn.passkeyButton")}
      </Button>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
    </div>
  );
}
