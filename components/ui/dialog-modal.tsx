"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import type { ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  width?: string;
}

// Radix's scroll lock (react-remove-scroll) adds a <style> element, which the page's CSP
// (proxy.ts) admits only with the request's nonce: the one Next put on the page's scripts.
const pageNonce =
  typeof document === "undefined" ? undefined : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

/**
 * The open dialog (see ./dialog.tsx). The content sits inside the overlay (Radix's scrollable
 * overlay), so a tall dialog scrolls with the page and `width` may place it (`mr-0`: a side sheet).
 * A click outside does not close it: a stray click must not throw away what was typed.
 */
export default function ModalDialog({ title, onClose, children, width = "w-[32rem]" }: DialogProps) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 flex overflow-y-auto bg-slate-900/40">
          <RadixDialog.Content
            aria-describedby={undefined}
            onPointerDownOutside={(event) => event.preventDefault()}
            className={`m-auto ${width} max-w-full rounded-lg bg-white p-0 text-slate-900 shadow-xl`}
          >
            <div className="space-y-3 p-5">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {children}
            </div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
