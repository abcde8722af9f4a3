"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { registerRecentSignInConfirmer } from "@/lib/http/client/recent-sign-in";
import { signInApi } from "@/features/sign-in/client/api";
import { CodeConfirmation } from "./code-confirmation";
import { PasskeyConfirmation } from "./passkey-confirmation";

/**
 * The one dialog that asks "Confirm it is you" when a step that matters was refused for want of a
 * recent sign-in (lib/http/client/recent-sign-in.ts): with a passkey, or with a code sent by
 * e-mail, whichever the server offers (GET /api/sessions/confirm). Confirmed, the fetch helper
 * sends the refused request again; cancelled (button or Escape), the step stays undone and its
 * page says so. Mounted once, in the root layout.
 */
export function RecentSignInDialog() {
  const t = useTranslations("recentSignIn");
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerRecentSignInConfirmer(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  return (
    <Dialog open={open} title={t("title")} onClose={() => finish(false)}>
      <ConfirmationChoices onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
    </Dialog>
  );
}

function ConfirmationChoices({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const t = useTranslations("recentSignIn");
  // Asked afresh each time the dialog opens: a passkey may have been added, the requirement changed.
  const methods = useQuery({
    queryKey: ["recent-sign-in", "methods"],
    queryFn: () => signInApi.confirmationMethods({}),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const data = methods.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("description")}</p>
      {methods.isPending ? <p role="status">{t("loading")}</p> : null}
      {methods.isError ? (
        <Notice tone="error">
          {t("loadFailed")}{" "}
          <Button variant="secondary" size="sm" onClick={() => void methods.refetch()}>
            {t("retry")}
          </Button>
        </Notice>
      ) : null}
      {data && !data.passkey && !data.emailCode ? (
        <Notice tone="warning">
          {t("neither")}{" "}
          <Link href="/sign-in" className="text-blue-700 underline">
            {t("signInAgain")}
          </Link>
        </Notice>
      ) : null}
      {data?.passkey ? <PasskeyConfirmation onConfirmed={onConfirmed} passkeyOnly={!data.emailCode} /> : null}
      {data?.passkey && data.emailCode ? <p className="text-sm text-slate-600">{t("or")}</p> : null}
      {data?.emailCode ? <CodeConfirmation onConfirmed={onConfirmed} /> : null}
      <div className="flex justify-end border-t border-slate-200 pt-3">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}
