"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { erasureApi } from "@/features/records/erasure/client/api";
import { payrollKeys } from "@/features/payroll/query-keys";

/**
 * `Record an erasure request` on an employee (owners): a dialog says what happens (restricted at
 * once, erased when the last retention ends, the trail and sealed months kept without the name)
 * and that the payroll service's own copy must be erased there.
 */
export function ErasureRequestButton({
  workspaceId,
  companyId,
  employee,
}: {
  workspaceId: string;
  companyId: number;
  employee: { id: number; name: string };
}) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const record = useMutation({
    mutationFn: () => erasureApi.requestErasure({ workspaceId, companyId, employeeId: employee.id }),
    onSuccess: async () => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: payrollKeys.employees(companyId) });
      router.refresh();
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          record.reset();
          setAsking(true);
        }}
      >
        {t("erasure.request")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("erasure.confirmTitle", { name: employee.name })}
        confirmLabel={t("erasure.confirm")}
        cancelLabel={t("erasure.cancel")}
        pending={record.isPending}
        onConfirm={() => record.mutate()}
        onCancel={() => setAsking(false)}
        error={record.isError ? <Notice tone="error">{errorMessage(t, record.error)}</Notice> : null}
      >
        <p>{t("erasure.confirmRestrict", { name: employee.name })}</p>
        <p>{t("erasure.confirmErase")}</p>
        <p className="font-medium">{t("erasure.payrollService")}</p>
      </ConfirmDialog>
    </>
  );
}
