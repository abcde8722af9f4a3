import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { BlockList } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { logContext } from "@/lib/log/context";
import { requestIdOf } from "./request-id";
import { stampRequestId } from "./request-id-stamp";
import { SOCKET_ADDRESS_HEADER, stampSocketAddress } from "./socket-address";
import { configuredTrustedProxies, trustedProxies } from "./trusted-proxies";

// server.ts's part, over a real socket: the request's id is decided from the connection's address
// (a trusted proxy's x-request-id, else a new one), written over the request's header, and set on
// the answer; what the app then reads back (requestIdOf) is that id.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Sends one request from 127.0.0.1 with `sent` headers; the id the app's code read and the answer's header. */
async function roundTrip(trusted: BlockList, sent: Record<string, string>) {
  let read: { stamped: string; header: string | string[] | undefined } | undefined;
  const server = createServer((request, response) => {
    stampSocketAddress(request);
    const stamped = stampRequestId(request, response, trusted);
    const headers = new Headers(
      Object.entries(request.headers as IncomingHttpHeaders).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    );
    read = { stamped, header: requestIdOf(headers) };
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: sent });
  await response.arrayBuffer();
  return { ...read!, answered: response.headers.get("x-request-id") };
}

describe("the request's id, as server.ts stamps it", () => {
  it("is a trusted proxy's x-request-id, read back by the app and answered", async () => {
    const seen = await roundTrip(trustedProxies(["127.0.0.1"]), { "x-request-id": "lb-1f2e3d" });
    expect(seen).toEqual({ stamped: "lb-1f2e3d", header: "lb-1f2e3d", answered: "lb-1f2e3d" });
  });

  it("is a new one when an untrusted client sends its own", async () => {
    const seen = await roundTrip(trustedProxies(["10.0.0.0/8"]), { "x-request-id": "chosen-by-client" });
    expect(seen.stamped).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.header).toBe(seen.stamped);
    expect(seen.answered).toBe(seen.stamped);
  });

  it("is a new one when the proxy's is not a plain id (spaces, too long)", async () => {
    for (const offered of ["two words", "x".repeat(129)]) {
      const seen = await roundTrip(trustedProxies(["127.0.0.1"]), { "x-request-id": offered });
      expect(seen.stamped).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen.answered).toBe(seen.stamped);
      await close?.();
      close = undefined;
    }
  });

  it("is made when none was sent", async () => {
    const seen = await roundTrip(trustedProxies(["127.0.0.1"]), {});
    expect(seen.stamped).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.answered).toBe(seen.stamped);
  });
});

describe("requestIdOf", () => {
  it("never takes a header without the app server's socket stamp", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "abc" }))).not.toBe("abc");
    expect(requestIdOf(new Headers({ "x-request-id": "abc", [SOCKET_ADDRESS_HEADER]: "127.0.0.1" }))).toBe("abc");
    expect(logContext()).toBeUndefined();
  });
});

describe("TRUSTED_PROXIES as server.ts reads it", () => {
  it("is parsed from the environment alone, and a wrong entry stops it with the variable's name", () => {
    expect(configuredTrustedProxies({ TRUSTED_PROXIES: "10.0.0.0/8, ::1" }).check("10.2.3.4")).toBe(true);
    expect(configuredTrustedProxies({}).check("10.2.3.4")).toBe(false);
    expect(() => configuredTrustedProxies({ TRUSTED_PROXIES: "proxy.internal" })).toThrow(/TRUSTED_PROXIES/);
  });
});
