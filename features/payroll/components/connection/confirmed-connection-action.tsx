"use client";

import type { ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { payrollKeys } from "@/features/payroll/query-keys";

/**
 * A destructive action on a payroll connection (Disconnect, Delete all payroll data): its button
 * asks first in a dialog saying what goes and what stays, the dialog runs it and shows its failure;
 * after it the page is read again.
 */
export function ConfirmedConnectionAction({
  label,
  title,
  run,
  describedBy,
  announcesBusy = false,
  blocked = null,
  children,
}: {
  /** The button's and the dialog's confirm button's name. */
  label: string;
  title: string;
  run: () => Promise<unknown>;
  /** The id of a hint the button points at. */
  describedBy?: string;
  /** Whether the button says `aria-busy` while the action runs. */
  announcesBusy?: boolean;
  /** Why the action cannot be taken (yet): said in the dialog, whose confirm button is then disabled. */
  blocked?: string | null;
  /** What the dialog says. */
  children: ReactNode;
}) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const action = useMutation({
    mutationFn: run,
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
        disabled={action.isPending}
        aria-busy={announcesBusy ? action.isPending : undefined}
        aria-describedby={describedBy}
        onClick={() => {
          action.reset();
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={title}
        confirmLabel={label}
        cancelLabel={t("payroll.connection.cancel")}
        pending={action.isPending}
        confirmDisabled={Boolean(blocked)}
        onConfirm={() => action.mutate()}
        onCancel={() => setAsking(false)}
        error={action.isError ? <Notice tone="error">{errorMessage(t, action.error)}</Notice> : null}
      >
        {children}
        {blocked ? <Notice tone="warning">{blocked}</Notice> : null}
      </ConfirmDialog>
    </div>
  );
}
