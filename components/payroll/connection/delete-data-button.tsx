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

export interface KeptCounts {
  drafts: number;
  imports: number;
  transfers: number;
}

/**
 * "Delete all payroll data": the one way to destroy what Disconnect keeps. The dialog names what
 * goes (counts of drafts, import reports, transfers; the key too while connected).
 */
export function DeleteDataButton({
  connectionId,
  username,
  baseUrl,
  connected,
  counts,
}: {
  connectionId: string;
  username: string;
  baseUrl: string;
  connected: boolean;
  counts: KeptCounts;
}) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => payrollApi.deleteData({ id: connectionId }),
    onSuccess: () => {
      setAsking(false);
      queryClient.removeQueries({ queryKey: payrollKeys.all });
      router.refresh();
    },
  });
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        size="sm"
        disabled={remove.isPending}
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        {t("payroll.connection.deleteAll")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("payroll.connection.deleteAllTitle")}
        confirmLabel={t("payroll.connection.deleteAll")}
        cancelLabel={t("payroll.connection.cancel")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
        error={remove.isError ? <Notice tone="error">{errorMessage(t, remove.error)}</Notice> : null}
      >
        <p>{t("payroll.connection.deleteAllText", { name: username, url: baseUrl })}</p>
        <ul className="list-disc pl-5">
          <li>{t("payroll.connection.countDrafts", { count: counts.drafts })}</li>
          <li>{t("payroll.connection.countImports", { count: counts.imports })}</li>
          <li>{t("payroll.connection.countTransfers", { count: counts.transfers })}</li>
          {connected ? <li>{t("payroll.connection.deleteAllKey")}</li> : null}
        </ul>
        <p>{t("payroll.connection.deleteAllService")}</p>
      </ConfirmDialog>
    </div>
  );
}
