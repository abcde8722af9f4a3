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
