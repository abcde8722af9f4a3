"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/features/payroll/client/api";
import { payrollKeys } from "@/features/payroll/query-keys";

/** The connection chooser: the person works on this one of the workspace's connections (kept per person). */
export function ChooseConnectionButton({ connectionId, username }: { connectionId: string; username: string }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: () => payrollApi.chooseConnection({ connectionId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.all });
      router.refresh();
    },
  });
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={choose.isPending}
        aria-busy={choose.isPending}
        onClick={() => choose.mutate()}
      >
        {t("payroll.connections.choose", { name: username })}
      </Button>
      {choose.isError ? <Notice tone="error">{errorMessage(t, choose.error)}</Notice> : null}
    </div>
  );
}
