import path from "node:path";
import { migrateForApp } from "./db/migrate";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import { setUpDatabaseRoles, withoutSchemaRoles } from "./db/roles";
import { ensureLocalSecrets } from "./env/ensure-secrets";
import { loadLocalEnv } from "./env/local-env";
import { parseEncryptionKeys } from "../lib/crypto/key-ring";
import { describeEnvError, serverEnvSchema } from "../lib/env/schema";
import { appServerArgs, localAppUrl } from "./lib/app-listen";
import { APP_MALLOC_ENV, APP_NODE_FLAGS } from "./lib/app-process";
import { appServerEntry, ensureNextBuild } from "./lib/next-build";
import { ensurePrismaClient } from "./lib/prisma-generate";
import { ProcessGroup, waitForHttp } from "./lib/processes";
import { startLocalMailbox } from "./lib/local-mailbox";
import { startSandboxUpstream } from "./lib/sandbox-upstream";

// `npm start`: everything a fresh clone needs, in order, and nothing it already has.

const ROOT = path.resolve(import.meta.dirname, "..");

const group = new ProcessGroup();
group.stopOnSignals();

try {
  ensureLocalSecrets();
  loadLocalEnv();
  const port = process.env.PORT ?? "3000";
  const appUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, NEXTAUTH_URL: appUrl };
  // A bad key must stop start-up before anything is started, not after.
  parseEncryptionKeys(env.TOKEN_ENCRYPTION_KEYS ?? "");

  if (!env.DATABASE_URL && !env.DATABASE_ADMIN_URL) {
    const configured = env.EMBEDDED_DATABASE_DIR ?? path.join(ROOT, ".data/postgres");
    const dataDir = configured === "memory" ? undefined : path.resolve(configured);
    const embedded = await startEmbeddedPostgres({
      dataDir,
      port: Number(env.EMBEDDED_DATABASE_PORT) || undefined,
      log: (line) => console.log(line),
    });
    group.onStop(() => embedded.stop());
    env.DATABASE_ADMIN_URL = embedded.url;
    console.log(
      `No DATABASE_URL: using the embedded Postgres ${dataDir ? `in ${path.relative(ROOT, dataDir) || dataDir}/` : "in a temporary folder"}.`,
    );
  }

  // The app runs as a role that may only read and write rows, the migrations as its owner.
  await setUpDatabaseRoles(env);

  if (!env.ACCOUNTING_BASE_URL) {
    Object.assign(env, await startSandboxUpstream(group, appUrl));
    console.log(
      `No upstream configured: using the sandbox at ${env.SANDBOX_URL} (see sandbox/README.md for its users).`,
    );
  }

  // No mail server named: a local one whose page lists what the app sent (nothing leaves the machine).
  let mailboxPage: string | undefined;
  if (!env.SMTP_URL?.trim()) {
    const mailbox = await startLocalMailbox(Number(env.MAILBOX_PORT ?? 4025)).catch(() => startLocalMailbox(0));
    group.onStop(() => mailbox.close());
    env.SMTP_URL = mailbox.smtpUrl;
    mailboxPage = mailbox.pageUrl;
    console.log(`No SMTP_URL: the app's mail goes to a local mailbox, listed at ${mailboxPage}`);
  }

  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${describeEnvError(parsed.error)}`);

  const applied = await migrateForApp({
    DATABASE_URL: env.DATABASE_URL!,
    MIGRATION_DATABASE_URL: env.MIGRATION_DATABASE_URL,
  });
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  await ensurePrismaClient();
  await ensureNextBuild(env);

  const { HOST: host, PORT: portNumber } = parsed.data;
  group.spawn("app", process.execPath, [...APP_NODE_FLAGS, appServerEntry(), ...appServerArgs(portNumber, host)], {
    ...withoutSchemaRoles(env),
    ...APP_MALLOC_ENV,
    NODE_ENV: "production",
    // Readable lines for the person at the terminal; `npm run serve` and the worker keep JSON (lib/log).
    LOG_FORMAT: env.LOG_FORMAT || "pretty",
  });
  await waitForHttp(localAppUrl(portNumber, host, "/api/ready"), 120_000);
  console.log(`\nLedgerlane is ready on ${appUrl} (listening on ${host}) — Ctrl-C stops everything.`);
  if (mailboxPage) console.log(`Its mail: ${mailboxPage}`);
} catch (error) {
  console.error(`\nCannot start: ${(error as Error).message}`);
  await group.stop();
  process.exit(1);
}
