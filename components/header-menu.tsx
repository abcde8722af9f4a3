"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";

/**
 * The header's links and controls: one line from 1024 px (lg), behind a disclosure button on
 * smaller screens. Escape closes the menu and returns focus to its button; following a link closes it.
 */
export function HeaderMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [shownPath, setShownPath] = useState<string | null>(null);
  const pathname = usePathname();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A new page closes the menu (adjusting state during render, not in an effect).
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      // An open switcher list (in a portal) takes this Escape for itself; the menu stays.
      if ((event.target as Element | null)?.closest?.("[data-radix-popper-content-wrapper]")) return;
      setOpen(false);
      button.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      const inPopup = (target as Element).closest?.("[data-radix-popper-content-wrapper]");
      if (!inPopup && !panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  function closeOnLink(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest("a")) setOpen(false);
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
        className="ml-auto inline-flex items-center gap-2 rounded border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
        </svg>
        {label}
      </button>
      {/* Clicks on links inside only close the menu; the links themselves are the keyboard's way. */}
      <div
        ref={panel}
        id={id}
        onClick={closeOnLink}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-30 max-h-[calc(100vh-4rem)] flex-col gap-4 overflow-y-auto border-b border-slate-200 bg-white px-4 py-4 shadow-lg lg:static lg:z-auto lg:flex lg:min-w-0 lg:flex-1 lg:flex-row lg:items-center lg:gap-x-2 lg:overflow-visible xl:gap-x-4 lg:border-0 lg:p-0 lg:shadow-none`}
      >
        {children}
      </div>
    </>
  );
}
