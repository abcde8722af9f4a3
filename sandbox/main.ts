import type { SeedClient } from "./accounting/clients";
import { startSandbox } from "./server";

/** `npm run sandbox`: foreground, 127.0.0.1, SANDBOX_PORT (4010). */
function parseSeedClients(text: string | undefined): SeedClient[] | undefined {
  if (!text) return undefined;
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error("SANDBOX_SEED_CLIENTS must be a JSON array of clients");
  for (const entry of parsed as Array<Partial<SeedClient>>) {
    const valid =
      typeof entry.client_id === "string" &&
      typeof entry.client_secret === "string" &&
      Array.isArray(entry.redirect_uris) &&
      (entry.version === "v3.1" || entry.version === "v3");
    if (!valid) {
      throw new Error("each seed client needs client_id, client_secret, redirect_uris and version (v3.1 or v3)");
    }
    entry.name ??= entry.client_id;
  }
  return parsed as SeedClient[];
}

function parseNonNegativeInt(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

async function main(): Promise<void> {
  const seedClients = parseSeedClients(process.env.SANDBOX_SEED_CLIENTS);
  const sandbox = await startSandbox({
    port: parseNonNegativeInt(process.env.SANDBOX_PORT, "SANDBOX_PORT", 4010),
    host: "127.0.0.1",
    aggregationDelayMs: parseNonNegativeInt(
      process.env.SANDBOX_AGGREGATION_DELAY_MS,
      "SANDBOX_AGGREGATION_DELAY_MS",
      2000,
    ),
    ...(seedClients ? { seedClients } : {}),
  });
  console.log(`sandbox listening on ${sandbox.url} (discovery: ${sandbox.url}/.well-known/sandbox.json)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal}, stopping`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
