import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { serverEnv } from "@/lib/env/server";
import { PrismaClient } from "./generated/client";

/** Connections per app process; the embedded Postgres accepts more than a few processes' worth. */
const POOL_SIZE = 10;

export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: POOL_SIZE }) });
}

const holder = globalThis as { __prisma?: PrismaClient };

/** The app's one Prisma client, created on first use (not at import, so builds need no database). */
export function getDb(): PrismaClient {
  holder.__prisma ??= createPrismaClient(serverEnv().DATABASE_URL);
  return holder.__prisma;
}
