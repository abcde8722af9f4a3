import { BlockList, isIP } from "node:net";
import { trustedProxiesSetting } from "@/lib/env/schema";

// The reverse proxies of TRUSTED_PROXIES (docs/adr/0160-client-address.md): whose X-Forwarded-For
// (./client-address.ts) and X-Request-Id (./request-id-stamp.ts) are believed. No `server-only`:
// server.ts, bundled for plain `node`, imports it.

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

export const isTrustedAddress = (trusted: BlockList, address: string) =>
  trusted.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");

const cache = { raw: null as readonly string[] | string | null, list: new BlockList() };

/** `entries` as a set, made again only when they change (the configuration is read once; tests change it). */
export function trustedProxyList(entries: readonly string[]): BlockList {
  if (cache.raw !== entries) {
    cache.raw = entries;
    cache.list = trustedProxies(entries);
  }
  return cache.list;
}

const fromEnv = { raw: undefined as string | undefined, list: null as BlockList | null };

/** The proxies as the process's TRUSTED_PROXIES lists them, for server.ts (which reads no other setting). */
export function configuredTrustedProxies(env: Record<string, string | undefined> = process.env): BlockList {
  const raw = env.TRUSTED_PROXIES ?? "";
  if (fromEnv.list === null || fromEnv.raw !== raw) {
    fromEnv.raw = raw;
    fromEnv.list = trustedProxies(trustedProxiesSetting.parse(raw));
  }
  return fromEnv.list;
}
