import { describeEnvError, serverEnvSchema } from "@/lib/env/schema";
import { log } from "@/lib/log/logger";
import type { OpsServer } from "@/lib/server/ops-server";
import { publishedWebOpsRoute } from "./published-routes";
import { startOpsThread } from "./start";

// No `server-only`: server.ts, bundled for plain `node`, imports it (and so parses the
// configuration with the schema itself: lib/env/server.ts is server-only).

/** The web process's operations port, when METRICS_PORT is set (else undefined). */
export async function startWebOpsPort(env: NodeJS.ProcessEnv = process.env): Promise<OpsServer | undefined> {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid server configuration:\n${describeEnvError(parsed.error)}`);
  const { METRICS_PORT: port, METRICS_HOST: host, DATABASE_URL: databaseUrl } = parsed.data;
  if (port === undefined) return undefined;
  const ops = await startOpsThread({
    port,
    host,
    databaseUrl,
    // The metrics live on this thread, registered by Next's graph (../web-ops-port.ts).
    forwarded: { "/metrics": publishedWebOpsRoute("/metrics") },
  });
  log.info({ operationsPort: ops.url }, `Operations port ${ops.url}`);
  return ops;
}
