"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A modal `<dialog>` opened and closed by `open`: focus is trapped by the browser, Escape
 * closes it (reported through `onClose`), and the title names it for screen readers.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  width = "w-[32rem]",
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  width?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className={`m-auto ${width} max-w-full rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      {open ? (
        <div className="space-y-3 p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A question before a consequential action: the text says what happens, Cancel comes first (the
 * browser focuses it when the dialog opens, so Enter on a reflex does not confirm), Escape
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
        <Button variant={danger ? "danger" : "primary"} size="sm" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
