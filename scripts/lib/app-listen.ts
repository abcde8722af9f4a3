// Where `npm start` has the app listen: HOST (lib/env/schema.ts; default 127.0.0.1, so only this
// machine reaches it) and PORT. 0.0.0.0 or :: opens it to every network interface.

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);
const IPV4_LOOPBACK = new Set(["127.0.0.1", "localhost"]);

function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The node flags and `next start` arguments for `port` on `host`. 127.0.0.1 is asked for as
 * `localhost`, resolved to IPv4 first (so it binds 127.0.0.1): Next takes the name it is given
 * as its own origin, while a proxy.ts rewrite's URL always says `localhost` for a loopback
 * address; with `-H 127.0.0.1` the two differ and Next forwards every rewritten request over
 * HTTP to localhost (the accounting proxy then answered 500 "socket hang up").
 */
export function nextStart(port: number, host: string): { nodeFlags: string[]; args: string[] } {
  if (IPV4_LOOPBACK.has(host)) return { nodeFlags: ["--dns-result-order=ipv4first"], args: ["start", "-p", String(port), "-H", "localhost"] };
  return { nodeFlags: [], args: ["start", "-p", String(port), "-H", bare(host)] };
}

/** Where start-up asks whether the app is ready: the address it listens on (this machine's when it is every interface). */
export function localAppUrl(port: number, host: string, path: string): string {
  const address = EVERY_INTERFACE.has(host) || IPV4_LOOPBACK.has(host) ? "127.0.0.1" : bare(host).includes(":") ? `[${bare(host)}]` : bare(host);
  return `http://${address}:${port}${path}`;
}
