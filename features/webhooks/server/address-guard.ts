import "server-only";
import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * No webhook goes to a private, loopback, link-local or otherwise non-public address (a webhook
 * URL must not reach into the app's own network). Registration checks the URL's host; every
 * delivery resolves the host again and connects only to an address it checked (`guardedLookup`
 * is the socket's own lookup, so a name that resolves to a public address at the check and to a
 * private one a moment later cannot slip through: DNS rebinding). `WEBHOOKS_ALLOW_PRIVATE=true`
 * (development and tests) turns the guard off.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses through a gateway
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["3fff::", 20], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, `::ffff:a00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address.replace(/^\[|\]$/g, ""));
  if (!match) return null;
  const tail = match[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is public: IPv4 outside the special ranges, IPv6 in global unicast (2000::/3) outside them. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = isIP(bare) === 4 ? bare : mappedIpv4(bare);
  if (v4) return !blocked.check(v4, "ipv4");
  if (isIP(bare) !== 6) return false;
  if (!/^[23]/.test(bare.replace(/^0+(?=[0-9a-f])/i, ""))) return false; // outside 2000::/3
  return !blocked.check(bare, "ipv6");
}

/** Names that are never public, whatever a resolver answers for them. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return (
    name === "localhost" ||
    /\.(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/.test(name) ||
    !name.includes(".") // a single label is resolved in the local search domains
  );
}

export class BlockedAddressError extends Error {
  readonly code = "EWEBHOOKBLOCKED";
  constructor(host: string, address?: string) {
    super(
      address ? `${host} resolves to ${address}, which is not a public address.` : `${host} is not a public address.`,
    );
    this.name = "BlockedAddressError";
  }
}

type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    ),
  );

/** Every address of `hostname` (an IP literal is itself), each checked; throws BlockedAddressError for any non-public one. */
export async function resolvePublicAddresses(hostname: string, resolve: Resolve = systemResolve): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new BlockedAddressError(hostname);
    return [host];
  }
  if (isLocalName(host)) throw new BlockedAddressError(hostname);
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new BlockedAddressError(hostname);
  const bad = addresses.find((address) => !isPublicAddress(address));
  if (bad) throw new BlockedAddressError(hostname, bad);
  return addresses;
}

/**
 * The lookup a delivery's socket uses: resolves, checks every address, and hands the socket
 * only the checked ones, so it connects to exactly what was checked.
 */
export function guardedLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, resolve).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
