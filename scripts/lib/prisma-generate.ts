import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { run } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCHEMA = path.join(ROOT, "prisma/schema.prisma");
const CLIENT = path.join(ROOT, "lib/db/generated/client.ts");

/** Generates the Prisma client when it is missing or older than the schema. */
export async function ensurePrismaClient(): Promise<void> {
  if (existsSync(CLIENT) && statSync(CLIENT).mtimeMs >= statSync(SCHEMA).mtimeMs) return;
  // `prisma generate` needs no engine binary for the adapter-based client, but
  // tries to download one unless told where one "is": any existing file will do.
  await run(process.execPath, [path.join(ROOT, "node_modules/prisma/build/index.js"), "generate"], {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  });
}
