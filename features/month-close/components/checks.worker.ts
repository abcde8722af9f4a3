/// <reference lib="webworker" />
import { runMonthChecks } from "@/features/month-close/checks";
import { checksRequestSchema, type ChecksAnswer } from "@/features/month-close/checks/worker-protocol";
import type { CheckContext } from "@/features/month-close/gate";

// The month-close checks run here, off the main thread, so that typing in a 9,000-line grid never
// waits for them (the checks of such a month take tens of milliseconds, more while still cold).
// The context (employees, insurers, settings, holidays, previous month) comes once and is kept;
// keeping the same `previous` object also keeps the engine's sums of it (checks/index.ts).

let context: CheckContext | null = null;

function answer(message: ChecksAnswer): void {
  postMessage(message);
}

addEventListener("message", (event: MessageEvent<unknown>) => {
  const parsed = checksRequestSchema.safeParse(event.data);
  if (!parsed.success) {
    answer({ type: "failed", id: null, message: parsed.error.issues[0]?.message ?? "unreadable request" });
    return;
  }
  const request = parsed.data;
  if (request.type === "context") {
    context = request.context;
    return;
  }
  if (!context) {
    answer({ type: "failed", id: request.id, message: "no context" });
    return;
  }
  const started = performance.now();
  const findings = runMonthChecks({
    ...context,
    month: { period: request.period, hours: request.hours, payments: request.payments },
  });
  answer({ type: "result", id: request.id, findings, ms: performance.now() - started });
});
