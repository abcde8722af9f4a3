"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { accountLinkingApi } from "@/features/account-linking/client/api";
import type { PendingLinkView } from "@/features/account-linking/schemas";

/**
 * The explicit confirmation of a link: says what will be linked, and only `Confirm` links. A link
 * whose account already signs in another person is refused here, before anything is asked.
 */
export function LinkConfirmation({ link }: { link: PendingLinkView }) {
  const t = useTranslations();
  const name = link.accountingName ?? t("accountLinking.unknownName");
  const confirm = useMutation({ mutationFn: () => accountLinkingApi.confirmLink({ linkId: link.id }) });
  const cancel = useMutation({ mutationFn: () => accountLinkingApi.cancelLink({ linkId: link.id }) });
  const back = (
    <Link href="/settings/security" className="text-blue-800 underline">
      {t("accountLinking.back")}
    </Link>
  );
  if (confirm.isSuccess || cancel.isSuccess) {
    return (
      <div className="space-y-3">
        <Notice tone="success">{confirm.isSuccess ? t("accountLinking.linked") : t("accountLinking.cancelled")}</Notice>
        {back}
      </div>
    );
  }
  const pending = confirm.isPending || cancel.isPending;
  const error = confirm.error ?? cancel.error;
  return (
    <div className="space-y-4">
      {link.refusal ? (
        <Notice tone="error">
          {link.refusal === "already_linked"
            ? t("accountLinking.refusedAlready")
            : t("accountLinking.refusedTaken", { name })}
        </Notice>
      ) : (
        <>
          <p className="text-lg">
            {link.email
              ? t("accountLinking.confirmQuestion", { name, email: link.email })
              : t("accountLinking.confirmQuestionNoEmail", { name })}
          </p>
          <p className="text-slate-700">{t("accountLinking.confirmEffects")}</p>
        </>
      )}
      {error ? <Notice tone="error">{errorMessage(t, error)}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        {link.refusal ? null : (
          <Button onClick={() => confirm.mutate()} disabled={pending} aria-busy={confirm.isPending}>
            {t("accountLinking.confirm")}
          </Button>
        )}
        <Button variant="secondary" onClick={() => cancel.mutate()} disabled={pending} aria-busy={cancel.isPending}>
          {t("accountLinking.cancel")}
        </Button>
      </div>
    </div>
  );
}
