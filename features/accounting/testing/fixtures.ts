import { test as base } from "vitest";
import { testDb } from "@/scripts/test/db";
import { deleteSeededUsers } from "./seed-connection";
import { startAccountingTestEnv } from "./test-env";

// The hooks the database tests of lib/ wrote out one by one, as vitest fixtures:
// - `sandbox`: an in-process sandbox with the app's configuration pointed at it (its database the
//   suite's, see scripts/test/global-setup.ts), started before the file's first test and closed
//   after its last one. Automatic, since the code under test reads that configuration.
// - `db`: a Prisma client on the suite's database, disconnected after the file.
// `freshTest` adds: each test starts from the sandbox's seed, and the users it seeded
// (seed-connection.ts) are deleted after it.

export const test = base
  .extend("sandbox", { scope: "file", auto: true }, async ({}, { onCleanup }) => {
    const sandbox = await startAccountingTestEnv();
    onCleanup(() => sandbox.close());
    return sandbox;
  })
  .extend("db", { scope: "file" }, async ({}, { onCleanup }) => {
    const db = testDb();
    onCleanup(() => db.$disconnect());
    return db;
  });

export const freshTest = test.extend("freshSandbox", { auto: true }, async ({ sandbox, db }, { onCleanup }) => {
  await sandbox.control("POST", "/reset");
  onCleanup(() => deleteSeededUsers(db));
});
