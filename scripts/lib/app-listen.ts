// Where `npm start` has the app listen: HOST (lib/env/schema.ts; default 127.0.0.1, so only this
// machine reaches it) and PORT. 0.0.0.0 or :: opens it to every network interface.

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}

/** A loopback address, as Next's URLs name it `localhost` (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  const address = bare(host);
  return address === "localhost" || address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/**
 * For HOST: the address the app server (server.ts) binds to, and the host name it gives Next as its
 * own origin's. A proxy.ts rewrite's URL always says `localhost` for a loopback address, and Next
 * forwards a rewrite whose origin is not its own over HTTP (the accounting proxy then answered 500
 * "socket hang up"), so a loopback HOST is `localhost` to Next while the server binds the address
 * itself (`localhost` binds 127.0.0.1, as the default).
 */
export function listenOn(host: string): { address: string; nextHostname: string } {
  const address = bare(host) === "localhost" ? "127.0.0.1" : bare(host);
  return { address, nextHostname: isLoopback(host) ? "localhost" : address };
}

/** The app server's arguments (after its entry, `appServerEntry()` of ./next-build.ts) for `port` on `host`. */
export function appServerArgs(port: number, host: string): string[] {
  return ["--port", String(port), "--host", host];
}

/** Where start-up asks whether the app is ready: the address it listens on (this machine's when it is every interface). */
export function localAppUrl(port: number, host: string, path: string): string {
  const { address } = listenOn(host);
  const local = EVERY_INTERFACE.has(host) ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address;
  return `http://${local}:${port}${path}`;
}
