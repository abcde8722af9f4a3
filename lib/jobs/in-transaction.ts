import "server-only";
import PgBoss from "pg-boss";
import type { Prisma } from "@/lib/db/generated/client";
import { carryTraceContext } from "@/lib/telemetry/job-context";
import { SCHEMA } from "./boss";
import type { QueueName } from "./queues";

type Tx = Prisma.TransactionClient;

/**
 * pg-boss as a sender only, never started: its `send` writes the job through the executor it is
 * given (pg-boss's documented `db` option), here a Prisma transaction's. So an outbox row and the
 * job that sends it are one commit: the job exists exactly when the row does, and a rolled-back
 * change leaves neither (docs/adr/0243-one-background-mechanism.md).
 */
const holder = globalThis as { __senderBoss?: PgBoss };

function sender(): PgBoss {
  if (!holder.__senderBoss) {
    holder.__senderBoss = new PgBoss({
      schema: SCHEMA,
      db: {
        executeSql: () => {
          throw new Error("jobs: sendInTransaction sends through its transaction only");
        },
      },
    });
    carryTraceContext(holder.__senderBoss);
  }
  return holder.__senderBoss;
}

/** Prisma's raw parameters take no plain objects: pg-boss's job data goes as JSON text (its SQL casts it to jsonb). */
function parameter(value: unknown): unknown {
  return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
}

function executor(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => ({
      rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(parameter)),
    }),
  };
}

export interface SendOptions {
  /** When the job may start, in ms from now (by the database's clock, as pg-boss counts); now when left out. */
  inMs?: number;
}

/** Adds a job to `queue` in `tx` (the job's id; null only when the queue's policy refused a second one). */
export async function sendInTransaction(
  tx: Tx,
  queue: QueueName,
  data: object,
  options: SendOptions = {},
): Promise<string | null> {
  const inMs = Math.max(0, options.inMs ?? 0);
  // A number of seconds is pg-boss's delay from the database's now(); a fraction keeps the milliseconds.
  return sender().send(queue, data, { db: executor(tx), ...(inMs > 0 ? { startAfter: inMs / 1000 } : {}) });
}
