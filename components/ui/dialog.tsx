"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

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
    <dialog ref={ref} onClose={onClose} aria-labelledby={titleId} className={`${width} max-w-full rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40`}>
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
 * Asks before something is destroyed: says what will be lost, and confirms with a button
 * named for the action (never a bare "OK").
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  pending = false,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div className="space-y-2">{children}</div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <button type="button" autoFocus onClick={onClose} className="rounded border border-slate-400 bg-white px-4 py-2 font-medium hover:bg-slate-100">
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          className="rounded border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
