import "server-only";
import type { BlockList } from "node:net";
import { serverEnv } from "@/lib/env/server";
import { SOCKET_ADDRESS_HEADER } from "./socket-address";
import { isTrustedAddress, normalizeAddress, trustedProxyList } from "./trusted-proxies";

/**
 * "The client's address", the one answer every rate limit (and anything else that needs it) uses.
 * It is the address of the connection (set by server.ts, ./socket-address.ts) unless that is one
 * of the configured proxies (TRUSTED_PROXIES: addresses and CIDRs): then X-Forwarded-For is read
 * from its end, skipping the trusted proxies, and the first address not trusted is the client.
 * X-Forwarded-For from anyone else is ignored: a client can write anything there.
 *
 * Without the socket's header (not behind the app's server: `next dev`, tests calling handlers
 * directly) the answer is "unknown", one bucket for all, never an address a client wrote.
 */

export const UNKNOWN_CLIENT = "unknown";

/** The client's address from a request's headers, given the trusted proxies. */
export function clientAddressFrom(headers: Headers, trusted: BlockList): string {
  const socket = normalizeAddress(headers.get(SOCKET_ADDRESS_HEADER));
  if (!socket) return UNKNOWN_CLIENT;
  let client = socket;
  if (!isTrustedAddress(trusted, client)) return client;
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").reverse();
  for (const entry of forwarded) {
    const address = normalizeAddress(entry);
    // A malformed entry ends the walk: what lies before it cannot be told apart from a client's own text.
    if (!address) break;
    client = address;
    if (!isTrustedAddress(trusted, address)) break;
  }
  return client;
}

/** The client's address of a request, by the app's configuration (TRUSTED_PROXIES). */
export function clientAddress(request: { headers: Headers }): string {
  return clientAddressFrom(request.headers, trustedProxyList(serverEnv().TRUSTED_PROXIES));
}
