import { startEmbeddedPostgres } from "./embedded-postgres";

// The embedded Postgres for benchmarks and tools that want it started apart and printed:
// EMBEDDED_DATABASE_PORT (0: any free port), a temporary cluster unless EMBEDDED_DATABASE_DIR names
// a folder. Prints `ready <url>` once it accepts connections; the server stops when this process
// ends, however it ends (see embedded-postgres.ts).
const dir = process.env.EMBEDDED_DATABASE_DIR;
const database = await startEmbeddedPostgres({
  ...(dir && dir !== "memory" ? { dataDir: dir } : {}),
  port: Number(process.env.EMBEDDED_DATABASE_PORT) || 0,
  log: (line) => console.error(line),
});
console.log(`ready ${database.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void database.stop().finally(() => process.exit(0)));
}
