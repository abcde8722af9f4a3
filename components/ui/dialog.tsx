"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { Button } from "./button";
import type { DialogProps } from "./dialog-modal";

const ModalDialog = lazy(() => import("./dialog-modal"));

/**
 * A modal dialog opened and closed by `open` (Radix Dialog, components/ui/dialog-modal.tsx): focus
 * moves in and is trapped, Escape closes it (reported through `onClose`), focus goes back where it
 * was, and the title names it for screen readers. Its code loads when a dialog first opens, so
 * pages that only might show one (the grid's) do not carry it up front.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}

/**
 * A question before a consequential action: the text says what happens, Cancel comes first (the
 * dialog focuses it when it opens, so Enter on a reflex does not confirm), Escape
 * cancels. Labels come from the caller (this file reads no texts).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  pending = false,
  confirmDisabled = false,
  danger = true,
  error,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** The action cannot be taken (yet): only the confirm button is disabled, Cancel stays. */
  confirmDisabled?: boolean;
  danger?: boolean;
  /** A failure of the confirmed action, shown inside the dialog (which stays open). */
  error?: ReactNode;
}) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <div className="space-y-2 text-slate-800">{children}</div>
      {error}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          variant={danger ? "danger" : "primary"}
          size="sm"
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
          aria-busy={pending}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
