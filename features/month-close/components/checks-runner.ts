import type { Finding } from "@/features/month-close/checks";
import { checksAnswerSchema, type ChecksRequest } from "@/features/month-close/checks/worker-protocol";
import type { CheckContext } from "@/features/month-close/gate";
import type { StoredLine } from "@/features/payroll/entries/kinds";

export interface ChecksRun {
  findings: Finding[];
  /** The worker's time for the checks alone. */
  ms: number;
}

/**
 * The page's side of the checks worker (checks.worker.ts): the context once, then runs. Each run
 * resolves with its findings; a run answered after a newer one was asked for resolves with null
 * (the page shows only the newest). Used by the grid pages and by the browser bench
 * (checks-browser.bench.ts), so both measure the same path.
 */
export class ChecksRunner {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (run: ChecksRun | null) => void; reject: (error: Error) => void }
  >();

  constructor(
    context: CheckContext,
    worker: Worker = new Worker(new URL("./checks.worker.ts", import.meta.url), { type: "module" }),
  ) {
    this.worker = worker;
    this.worker.addEventListener("message", (event: MessageEvent<unknown>) => this.receive(event.data));
    this.worker.addEventListener("error", (event) =>
      this.failAll(new Error(event.message || "the checks worker failed")),
    );
    this.post({ type: "context", context });
  }

  run(period: string, hours: readonly StoredLine[], payments: readonly StoredLine[]): Promise<ChecksRun | null> {
    const id = this.next;
    this.next += 1;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Posted as they are: the worker gets a structured copy, so no copy is made here.
      this.post({ type: "run", id, period, hours: hours as StoredLine[], payments: payments as StoredLine[] });
    });
  }

  dispose(): void {
    this.worker.terminate();
    this.failAll(new Error("the checks worker was stopped"));
  }

  private post(request: ChecksRequest): void {
    this.worker.postMessage(request);
  }

  private receive(data: unknown): void {
    const parsed = checksAnswerSchema.safeParse(data);
    if (!parsed.success) return this.failAll(new Error("unreadable answer of the checks worker"));
    const answer = parsed.data;
    const id = answer.id;
    if (id === null) return this.failAll(new Error(answer.type === "failed" ? answer.message : "unreadable answer"));
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (answer.type === "failed") return waiting.reject(new Error(answer.message));
    const newest = id === this.next - 1;
    waiting.resolve(newest ? { findings: answer.findings, ms: answer.ms } : null);
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
