import { randomBytes } from "node:crypto";
import { migrateDatabase } from "../db/migrate";
import { benchDatabase } from "./machine-database";

/**
 * For a benchmark that calls the app's service functions in its own process: its database
 * (BENCH_DATABASE_URL, else a fresh `name` on the machine's Postgres, else the embedded one),
 * migrated, and the environment the app's modules read (lib/env), with upstreams that are
 * never called, and the process wired. Import the app's modules after this (they read the environment once). Answers
 * the database, to say which it was and to stop it at the end.
 */
export async function benchAppEnvironment(name: string) {
  const database = await benchDatabase(name);
  await migrateDatabase(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    NEXTAUTH_URL: "http://localhost:3999",
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    TOKEN_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "bench",
    ACCOUNTING_CLIENT_SECRET: "bench",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
    JOBS_ENABLED: "false",
  });
  // Wired as the app's process is (instrumentation.ts): the features' kinds, event consumers and audit
  // presenters (docs/adr/0241-feature-manifests.md); notify() reads a kind's defaults from them.
  const { wireFeatures } = await import("../../lib/composition/wire");
  wireFeatures();
  return database;
}
