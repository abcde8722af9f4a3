import type PgBoss from "pg-boss";
import { TRACEPARENT_FIELD, tracing } from "./hooks";

/**
 * Every job `boss` sends carries the sending span's W3C trace context in its data (`traceparent`),
 * for the job's span to link to (./server/spans.ts jobLinks): done on pg-boss's `send`, which every job of
 * the app goes through (lib/jobs/boss.ts's pg-boss and lib/jobs/in-transaction.ts's sender). Data
 * that is not a plain object, and every job while tracing is off, is sent as it is.
 */
export function carryTraceContext(boss: PgBoss): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = ((...args: unknown[]) => {
    const traceparent = tracing().traceparent();
    const data = args[1];
    if (traceparent && typeof args[0] === "string" && (data === undefined || data === null || isPlainObject(data)))
      args[1] = { ...(data as object | null | undefined), [TRACEPARENT_FIELD]: traceparent };
    return send(...args);
  }) as typeof boss.send;
}

const isPlainObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
