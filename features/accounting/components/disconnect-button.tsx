"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { disconnectAction } from "@/features/accounting/actions/server/connection";
import type { DisconnectInput } from "@/features/accounting/actions/schemas";
import { accountingKeys } from "@/features/accounting/query-keys";

/** Disconnect of an accounting connection (v3.1 by default, `version="v3"` for the legacy one). */
export function useDisconnectAccounting() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisconnectInput) => disconnectAction(input),
    onSuccess: ({ outcome }) => {
      // Nothing cached for the old connection may outlive it.
      queryClient.removeQueries({ queryKey: accountingKeys.all });
      router.push(`/settings/connection?disconnected=${outcome}`);
      router.refresh();
    },
  });
}

/** Disconnect, after a dialog saying what it does (access revoked, tokens deleted). */
export function DisconnectButton() {
  const t = useTranslations();
  const disconnect = useDisconnectAccounting();
  const [asking, setAsking] = useState(false);
  const failure = disconnect.isError ? (
    <Notice tone="error">{errorMessage(t, disconnect.error, "accounting")}</Notice>
  ) : null;
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        disabled={disconnect.isPending}
        aria-busy={disconnect.isPending}
        onClick={() => {
          disconnect.reset();
          setAsking(true);
        }}
      >
        {t("connection.disconnect")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("connection.disconnectTitle")}
        confirmLabel={t("connection.disconnect")}
        cancelLabel={t("connection.cancel")}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate({}, { onSuccess: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
        error={failure}
      >
        <p>{t("connection.disconnectText")}</p>
        <p>{t("connection.disconnectKept")}</p>
      </ConfirmDialog>
    </div>
  );
}
