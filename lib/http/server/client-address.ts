import "server-only";
import { BlockList, isIP } from "node:net";
import { serverEnv } from "@/lib/env/server";
import { SOCKET_ADDRESS_HEADER } from "./socket-address";

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

/** `::ffff:10.0.0.1` (IPv4 on an IPv6 socket) as `10.0.0.1`; anything not an address as null. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  const value = (raw ?? "").trim().replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  const address = mapped ? mapped[1]! : value;
  return isIP(address) ? address.toLowerCase() : null;
}

/** The proxies of TRUSTED_PROXIES as a set to check addresses against (entries checked by lib/env/schema.ts). */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

const isTrusted = (trusted: BlockList, address: string) =>
  trusted.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");

/** The client's address from a request's headers, given the trusted proxies. */
export function clientAddressFrom(headers: Headers, trusted: BlockList): string {
  const socket = normalizeAddress(headers.get(SOCKET_ADDRESS_HEADER));
  if (!socket) return UNKNOWN_CLIENT;
  let client = socket;
  if (!isTrusted(trusted, client)) return client;
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").reverse();
  for (const entry of forwarded) {
    const address = normalizeAddress(entry);
    // A malformed entry ends the walk: what lies before it cannot be told apart from a client's own text.
    if (!address) break;
    client = address;
    if (!isTrusted(trusted, address)) break;
  }
  return client;
}

const cache = { raw: null as readonly string[] | null, list: new BlockList() };

/** The client's address of a request, by the app's configuration (TRUSTED_PROXIES). */
export function clientAddress(request: { headers: Headers }): string {
  const entries = serverEnv().TRUSTED_PROXIES;
  if (cache.raw !== entries) {
    cache.raw = entries;
    cache.list = trustedProxies(entries);
  }
  return clientAddressFrom(request.headers, cache.list);
}
