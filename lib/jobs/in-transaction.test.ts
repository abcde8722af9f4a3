import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/db/client";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { sendInTransaction } from "./in-transaction";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";

// A job sent in a Prisma transaction, as the app's role on a database of the file's own (no other
// file's worker takes its jobs): it exists exactly when the transaction commits, due when asked.

let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;

beforeAll(async () => {
  database = await ownDatabase();
  db = createPrismaClient(database.urls.appUrl);
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

interface JobRow {
  data: unknown;
  state: string;
  due_in_ms: number;
}

const jobs = () =>
  db.$queryRaw<JobRow[]>`
    SELECT data, state::text, (extract(epoch FROM start_after - now()) * 1000)::float8 AS due_in_ms
    FROM pgboss.job WHERE name = ${WEBHOOK_QUEUES.deliveries} ORDER BY created_on`;

describe("a job sent in a transaction", () => {
  it("exists when the transaction commits, with its data and due when asked; not at all when it rolls back", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await sendInTransaction(tx, WEBHOOK_QUEUES.deliveries, { id: "rolled-back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobs()).toEqual([]);

    const id = await db.$transaction((tx) => sendInTransaction(tx, WEBHOOK_QUEUES.deliveries, { id: "now" }));
    await db.$transaction((tx) => sendInTransaction(tx, WEBHOOK_QUEUES.deliveries, { id: "later" }, { inMs: 90_500 }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [now, later] = await jobs();
    expect(now).toMatchObject({ data: { id: "now" }, state: "created" });
    expect(now!.due_in_ms).toBeLessThanOrEqual(0);
    expect(later).toMatchObject({ data: { id: "later" }, state: "created" });
    expect(later!.due_in_ms).toBeGreaterThan(85_000);
    expect(later!.due_in_ms).toBeLessThanOrEqual(90_500);
  });
});
