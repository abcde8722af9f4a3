import { startEmbeddedPostgres } from "./embedded-postgres";

// The embedded Postgres as a process of its own (for benchmarks and tools that want the
// database off their own event loop): EMBEDDED_DATABASE_PORT (0: any free port), in memory
// unless EMBEDDED_DATABASE_DIR names a folder. Prints `ready <url>` once it accepts connections.
const dir = process.env.EMBEDDED_DATABASE_DIR;
const database = await startEmbeddedPostgres({
  ...(dir && dir !== "memory" ? { dataDir: dir } : {}),
  port: Number(process.env.EMBEDDED_DATABASE_PORT) || 0,
});
console.log(`ready ${database.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void database.stop().finally(() => process.exit(0)));
}
