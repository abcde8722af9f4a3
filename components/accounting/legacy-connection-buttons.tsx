"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { checkLegacyAction } from "@/lib/accounting/actions/connection";
import { useDisconnectAccounting } from "./disconnect-button";

/** The legacy v3 connection's own buttons: check (renews when due) and disconnect (legacy revoke). */
export function LegacyConnectionButtons() {
  const t = useTranslations();
  const router = useRouter();
  const check = useMutation({
    mutationFn: () => checkLegacyAction(),
    onSettled: () => router.refresh(),
  });
  const disconnect = useDisconnectAccounting();
  const pending = check.isPending || disconnect.isPending;
  const failure = check.error ?? disconnect.error;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={pending} aria-busy={check.isPending} onClick={() => check.mutate()}>
          {t("legacy.check")}
        </Button>
        <Button variant="danger" disabled={pending} aria-busy={disconnect.isPending} onClick={() => disconnect.mutate({ version: "v3" })}>
          {t("legacy.disconnectLegacy")}
        </Button>
      </div>
      {check.data ? <Notice tone={check.data.ok ? "success" : "error"}>{check.data.message}</Notice> : null}
      {failure ? <Notice tone="error">{errorMessage(t, failure, "accounting")}</Notice> : null}
    </div>
  );
}
