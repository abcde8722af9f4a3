import { closeDb, createPrismaClient } from "@/lib/db/client";
import { ownDatabase } from "@/features/mail/server/testing/own-database";

/**
 * The month close test's `db` on a database of the file's own: a file whose jobs read every due
 * row of the database (the re-reads, the stale-Transfer sweep) must not find another file's rows,
 * nor have its own taken. The app's code (getDb) is pointed at it too, before its first query.
 * `beforeDrop` stops what the file started on it (e.g. pg-boss).
 */
export async function ownMonthDatabase(
  onCleanup: (cleanup: () => Promise<void>) => void,
  beforeDrop: () => Promise<void> = async () => {},
) {
  const database = await ownDatabase();
  process.env.DATABASE_URL = database.urls.appUrl;
  const db = createPrismaClient(database.urls.appUrl);
  onCleanup(async () => {
    await beforeDrop();
    await db.$disconnect();
    await closeDb();
    await database.drop();
  });
  return db;
}
