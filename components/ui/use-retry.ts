"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

/**
 * "Try again" of an error page (app/error.tsx, app/global-error.tsx). `reset()` alone renders the
 * failed segment again from what the browser already holds, so a page whose server part failed
 * (e.g. while the database refused connections) failed again however often it was pressed. The
 * server components are fetched again first (`router.refresh()`), and the boundary is reset in the
 * same transition, so the page comes back once its cause is gone (Next's guide for error.js).
 */
export function useRetry(reset: () => void): { retry: () => void; pending: boolean } {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return { retry, pending };
}
