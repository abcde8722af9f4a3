"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";

/**
 * Joins the invitation's workspace; the person then works in it (the header's switcher shows both)
 * and lands on their work there: a firm member on the firm's overview (every client's month), a
 * client on their companies. The workspace's settings stay a link away, under Settings.
 */
export function JoinButton({ token, client = false }: { token: string; client?: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => workspacesApi.acceptInvitation({ token }),
    onSuccess: () => {
      queryClient.clear();
      router.push(client ? "/payroll" : "/overview");
      router.refresh();
    },
  });
  return (
    <div className="space-y-3">
      <Button onClick={() => join.mutate()} disabled={join.isPending || join.isSuccess} aria-busy={join.isPending}>
        {t("workspaces.join")}
      </Button>
      {join.isError ? <Notice tone="error">{errorMessage(t, join.error)}</Notice> : null}
    </div>
  );
}
