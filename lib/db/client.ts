import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { serverEnv } from "@/lib/env/server";
import { detachedSocket } from "@/lib/server/detached";
import { PrismaClient } from "./generated/client";

/** Connections per app process; the embedded Postgres (max_connections 200) accepts many processes' worth. */
const POOL_SIZE = 10;
/** The pool's connections among the server's backends (pg_stat_activity); pg-boss's are "ledgerlane-jobs". */
const APP_POOL_NAME = "ledgerlane-app";

export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: POOL_SIZE }) });
}

const holder = globalThis as { __pgPool?: pg.Pool; __prisma?: PrismaClient };

/**
 * The process's connection pool, shared by Prisma and the few statements on every request's
 * path (the session lookup): those run as named prepared statements straight on the pool,
 * since Prisma's query engine costs several times the round trip itself.
 */
export function getSqlPool(): pg.Pool {
  // Pooled connections outlive the request that opened them (see lib/server/detached.ts).
  holder.__pgPool ??= new pg.Pool({
    connectionString: serverEnv().DATABASE_URL,
    max: POOL_SIZE,
    application_name: APP_POOL_NAME,
    stream: detachedSocket,
  });
  return holder.__pgPool;
}

/** The app's one Prisma client, created on first use (not at import, so builds need no database). */
export function getDb(): PrismaClient {
  holder.__prisma ??= new PrismaClient({ adapter: new PrismaPg(getSqlPool()) });
  return holder.__prisma;
}

/** Rows of a hot-path statement, prepared once per connection by its name. */
export async function queryPrepared<Row extends pg.QueryResultRow>(
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  return (await getSqlPool().query<Row>({ ...statement, values })).rows;
}

/** Ends the process's database use (scripts and child processes that should exit). */
export async function closeDb(): Promise<void> {
  const { __prisma: prisma, __pgPool: pool } = holder;
  holder.__prisma = undefined;
  holder.__pgPool = undefined;
  await prisma?.$disconnect();
  await pool?.end();
}
