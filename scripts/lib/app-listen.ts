// Where `npm start` has the app listen: HOST (lib/env/schema.ts; default 127.0.0.1, so only this
// machine reaches it) and PORT. 0.0.0.0 or :: opens it to every network interface.

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/** `next start`'s arguments for `port` on `host`. */
export function nextStartArgs(port: number, host: string): string[] {
  return ["start", "-p", String(port), "-H", host.replace(/^\[(.*)\]$/, "$1")];
}

/** Where start-up asks whether the app is ready: the address it listens on (this machine's when it is every interface). */
export function localAppUrl(port: number, host: string, path: string): string {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  const address = EVERY_INTERFACE.has(host) ? "127.0.0.1" : bare.includes(":") ? `[${bare}]` : bare;
  return `http://${address}:${port}${path}`;
}
