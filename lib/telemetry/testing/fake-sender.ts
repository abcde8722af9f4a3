import type PgBoss from "pg-boss";

/** A pg-boss whose `send` only keeps the data it was given (for lib/telemetry/job-context.ts's tests). */
export function fakeSender(): PgBoss & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    send: (_name: string, data: unknown) => {
      sent.push(data);
      return Promise.resolve("job-id");
    },
  } as unknown as PgBoss & { sent: unknown[] };
}
