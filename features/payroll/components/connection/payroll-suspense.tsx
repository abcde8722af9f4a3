import { Suspense, type ReactNode } from "react";
import { PayrollLoading } from "./payroll-problem";

/**
 * A payroll page's part that waits for the service: the heading streams at once, the rest when the
 * service answers or the page's deadline passes (features/payroll/server/pages.ts PAGE_UPSTREAM_BUDGET_MS).
 */
export function PayrollSuspense({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <section className="space-y-4">
          <h1 className="text-2xl font-bold">{heading}</h1>
          <PayrollLoading />
        </section>
      }
    >
      {children}
    </Suspense>
  );
}
