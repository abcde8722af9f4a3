"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { apiFetchOrThrow } from "@/lib/http/browser-fetch";
import { payrollKeys } from "@/lib/payroll/query-keys";

export function DisconnectButton() {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => apiFetchOrThrow("/api/payroll/connection", { method: "DELETE" }),
    onSuccess: () => {
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
        aria-describedby="payroll-disconnect-hint"
        onClick={() => disconnect.mutate()}
      >
        {t("payroll.connection.disconnect")}
      </Button>
      {disconnect.isError ? <Notice tone="error">{errorMessage(t, disconnect.error)}</Notice> : null}
    </div>
  );
}
