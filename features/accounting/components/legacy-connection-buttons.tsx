"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { checkLegacyAction } from "@/features/accounting/actions/server/connection";
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
  const [asking, setAsking] = useState(false);
  const pending = check.isPending || disconnect.isPending;
  const failure = check.error ?? disconnect.error;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={pending} aria-busy={check.isPending} onClick={() => check.mutate()}>
          {t("legacy.check")}
        </Button>
        <Button
          variant="danger"
          disabled={pending}
          aria-busy={disconnect.isPending}
          onClick={() => {
            disconnect.reset();
            setAsking(true);
          }}
        >
          {t("legacy.disconnectLegacy")}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t("legacy.disconnectLegacyTitle")}
        confirmLabel={t("legacy.disconnectLegacy")}
        cancelLabel={t("legacy.cancel")}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate({ version: "v3" }, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      >
        <p>{t("legacy.disconnectLegacyText")}</p>
      </ConfirmDialog>
      {check.data ? <Notice tone={check.data.ok ? "success" : "error"}>{check.data.message}</Notice> : null}
      {failure ? <Notice tone="error">{errorMessage(t, failure, "accounting")}</Notice> : null}
    </div>
  );
}
