"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/lib/payroll/client/api";
import { payrollKeys } from "@/lib/payroll/query-keys";

/** Disconnect, after a dialog saying what goes (the key) and what stays (drafts, reports, history). */
export function DisconnectButton({ connectionId, username, baseUrl }: { connectionId: string; username: string; baseUrl: string }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => payrollApi.disconnect({ id: connectionId }),
    onSuccess: () => {
      setAsking(false);
      // Nothing cached for the old connection may outlive it.
      queryClient.removeQueries({ queryKey: payrollKeys.all });
      router.refresh();
    },
  });
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        size="sm"
        disabled={disconnect.isPending}
        aria-busy={disconnect.isPending}
        aria-describedby={`payroll-disconnect-hint-${connectionId}`}
        onClick={() => {
          disconnect.reset();
          setAsking(true);
        }}
      >
        {t("payroll.connection.disconnect")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("payroll.connection.disconnectTitle")}
        confirmLabel={t("payroll.connection.disconnect")}
        cancelLabel={t("payroll.connection.cancel")}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onCancel={() => setAsking(false)}
        error={disconnect.isError ? <Notice tone="error">{errorMessage(t, disconnect.error)}</Notice> : null}
      >
        <p>{t("payroll.connection.disconnectKey", { name: username })}</p>
        <p>{t("payroll.connection.disconnectKept", { name: username, url: baseUrl })}</p>
      </ConfirmDialog>
    </div>
  );
}
