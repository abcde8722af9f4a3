import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describeEnvError, serverEnvSchema } from "../lib/env/schema";
import { appServerArgs } from "./lib/app-listen";
import { APP_MALLOC_ENV, APP_NODE_FLAGS } from "./lib/app-process";
import { appServerEntry } from "./lib/next-build";

// `npm run serve`: one web process of a deployment (docs/self-hosting.md). Unlike `npm start` it
// builds nothing, starts no database and no sandbox, writes no secrets and migrates nothing (that
// is `npm run db:migrate`, a release step): it checks what it is given and runs the built app
// server. Its background jobs are the worker's (`npm run worker`): JOBS_ENABLED is false unless
// set. A process manager stops it with SIGTERM; the app server stops within its bound (server.ts).

const ROOT = path.resolve(import.meta.dirname, "..");

function refuse(message: string): never {
  console.error(`Cannot serve: ${message}`);
  process.exit(1);
}

const env: NodeJS.ProcessEnv = { ...process.env, JOBS_ENABLED: process.env.JOBS_ENABLED?.trim() || "false" };
// The schema has defaults for a newcomer's machine; a deployment names these itself.
const missing = ["DATABASE_URL", "NEXTAUTH_URL"].filter((name) => !env[name]?.trim());
if (missing.length) refuse(`${missing.join(" and ")} must be set (docs/configuration.md).`);
// The audit trail's checkpoints are signed with it; a deployment generates it once (docs/self-hosting.md).
if (!env.AUDIT_SIGNING_KEY?.trim())
  refuse("AUDIT_SIGNING_KEY must be set: the key signing the audit trail's checkpoints (docs/configuration.md).");
const parsed = serverEnvSchema.safeParse(env);
if (!parsed.success) refuse(`invalid configuration:\n${describeEnvError(parsed.error)}`);
// Test controls let anyone move the app's clock and run jobs: a deployment never has them.
if (parsed.data.TEST_CONTROLS) refuse("TEST_CONTROLS=true is for tests only; a deployment must not set it.");
if (!existsSync(appServerEntry()) || !existsSync(path.join(path.dirname(appServerEntry()), "BUILD_ID")))
  refuse(
    `no build of the app in ${path.relative(ROOT, path.dirname(appServerEntry()))}/: run \`npm run build\` first.`,
  );

const { HOST: host, PORT: port } = parsed.data;
const child = spawn(process.execPath, [...APP_NODE_FLAGS, appServerEntry(), ...appServerArgs(port, host)], {
  cwd: ROOT,
  env: { ...env, ...APP_MALLOC_ENV, NODE_ENV: "production" },
  stdio: "inherit",
});
// The process manager's signal is the app server's: it stops gracefully and this process exits with it.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
