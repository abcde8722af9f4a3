import { randomBytes } from "node:crypto";

export type ClientVersion = "v3.1" | "v3";
export type GrantType = "authorization_code" | "refresh_token";

/** A developer registration the sandbox knows from its start (survives POST /control/reset). */
export interface SeedClient {
  client_id: string;
  client_secret: string;
  name: string;
  redirect_uris: string[];
  version: ClientVersion;
}

export interface Client extends SeedClient {
  /** Grant types the client may use at the token endpoint (unauthorized_client otherwise). */
  grant_types: GrantType[];
}

export const DEFAULT_SEED_CLIENTS: SeedClient[] = [
  {
    client_id: "ledgerlane-dev",
    client_secret: "ledgerlane-dev-secret",
    name: "Ledgerlane (development)",
    redirect_uris: ["http://localhost:3000/api/auth/callback/accounting"],
    version: "v3.1",
  },
  {
    client_id: "ledgerlane-dev-v3",
    client_secret: "ledgerlane-dev-v3-secret",
    name: "Ledgerlane legacy (development)",
    redirect_uris: ["http://localhost:3000/api/auth/callback/accounting-v3"],
    version: "v3",
  },
];

export interface Registration {
  name: string;
  redirect_uris: string[];
  version: ClientVersion;
  grant_types?: GrantType[];
}

/** Seeded plus registered developer clients. */
export class ClientRegistry {
  private clients = new Map<string, Client>();

  constructor(private readonly seeds: SeedClient[]) {
    this.reset();
  }

  reset(): void {
    this.clients = new Map(
      this.seeds.map((seed) => [
        seed.client_id,
        { ...seed, redirect_uris: [...seed.redirect_uris], grant_types: ["authorization_code", "refresh_token"] },
      ]),
    );
  }

  find(clientId: string): Client | undefined {
    return this.clients.get(clientId);
  }

  register(registration: Registration): Client {
    const prefix = registration.version === "v3" ? "v3" : "v31";
    const client: Client = {
      client_id: `${prefix}-${randomBytes(10).toString("hex")}`,
      client_secret: randomBytes(24).toString("base64url"),
      name: registration.name,
      redirect_uris: [...registration.redirect_uris],
      version: registration.version,
      grant_types: registration.grant_types ?? ["authorization_code", "refresh_token"],
    };
    this.clients.set(client.client_id, client);
    return client;
  }
}
