import path from "node:path";
import type { ProcessGroup } from "./processes";
import { waitForHttp } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Discovery {
  accounting: { auth_url: string; token_url: string; revoke_url: string; base_url: string };
  legacy: { auth_url: string; oauth_na_url: string; oauth_eu_url: string; oauth_gb_url: string };
  payroll: { base_url: string };
  control_url: string;
}

/** The sandbox's developer registrations for this app, seeded so that they survive its resets. */
export function sandboxClients(appUrl: string) {
  return [
    {
      client_id: "ledgerlane-dev",
      client_secret: "ledgerlane-dev-secret",
      name: "Ledgerlane (local)",
      redirect_uris: [`${appUrl}/api/auth/callback/accounting`],
      version: "v3.1" as const,
    },
    {
      client_id: "ledgerlane-dev-v3",
      client_secret: "ledgerlane-dev-v3-secret",
      name: "Ledgerlane legacy (local)",
      redirect_uris: [`${appUrl}/api/auth/callback/accounting-v3`],
      version: "v3" as const,
    },
  ];
}

/** Upstream configuration that points the app at a running sandbox. */
export function upstreamEnvFromDiscovery(
  sandboxUrl: string,
  discovery: Discovery,
  appUrl: string,
): Record<string, string> {
  const [v31, v3] = sandboxClients(appUrl);
  return {
    SANDBOX_URL: sandboxUrl,
    ACCOUNTING_AUTH_URL: discovery.accounting.auth_url,
    ACCOUNTING_TOKEN_URL: discovery.accounting.token_url,
    ACCOUNTING_REVOKE_URL: discovery.accounting.revoke_url,
    ACCOUNTING_BASE_URL: discovery.accounting.base_url,
    ACCOUNTING_CLIENT_ID: v31!.client_id,
    ACCOUNTING_CLIENT_SECRET: v31!.client_secret,
    LEGACY_AUTH_URL: discovery.legacy.auth_url,
    LEGACY_OAUTH_NA_URL: discovery.legacy.oauth_na_url,
    LEGACY_OAUTH_EU_URL: discovery.legacy.oauth_eu_url,
    LEGACY_OAUTH_GB_URL: discovery.legacy.oauth_gb_url,
    LEGACY_CLIENT_ID: v3!.client_id,
    LEGACY_CLIENT_SECRET: v3!.client_secret,
    PAYROLL_BASE_URL: discovery.payroll.base_url,
  };
}

/** Starts `npm run sandbox`'s server as a child and answers the app's upstream configuration. */
export async function startSandboxUpstream(group: ProcessGroup, appUrl: string): Promise<Record<string, string>> {
  const port = process.env.SANDBOX_PORT ?? "4010";
  const sandboxUrl = `http://127.0.0.1:${port}`;
  group.spawn("sandbox", process.execPath, ["--import", "tsx", path.join(ROOT, "sandbox/main.ts")], {
    ...process.env,
    SANDBOX_PORT: port,
    SANDBOX_SEED_CLIENTS: JSON.stringify(sandboxClients(appUrl)),
  });
  const discovery = (await (await waitForHttp(`${sandboxUrl}/.well-known/sandbox.json`)).json()) as Discovery;
  return upstreamEnvFromDiscovery(sandboxUrl, discovery, appUrl);
}
