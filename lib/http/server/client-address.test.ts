import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientAddressFrom, UNKNOWN_CLIENT } from "./client-address";
import { normalizeAddress, trustedProxies } from "./trusted-proxies";
import { SOCKET_ADDRESS_HEADER, stampSocketAddress } from "./socket-address";

const headers = (socket: string | null, forwardedFor?: string) => {
  const result = new Headers();
  if (socket) result.set(SOCKET_ADDRESS_HEADER, socket);
  if (forwardedFor !== undefined) result.set("x-forwarded-for", forwardedFor);
  return result;
};

describe("the client's address", () => {
  const none = trustedProxies([]);
  const proxies = trustedProxies(["10.0.0.0/8", "192.168.1.7", "fd00::/8"]);

  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressFrom(headers("203.0.113.9", "1.2.3.4"), none)).toBe("203.0.113.9");
    expect(clientAddressFrom(headers("203.0.113.9", "1.2.3.4, 5.6.7.8"), none)).toBe("203.0.113.9");
    expect(clientAddressFrom(headers("::ffff:203.0.113.9", "1.2.3.4"), none)).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from an untrusted socket even when proxies are configured", () => {
    expect(clientAddressFrom(headers("203.0.113.9", "1.2.3.4"), proxies)).toBe("203.0.113.9");
  });

  it("reads X-Forwarded-For from its end behind trusted proxies, skipping them", () => {
    expect(clientAddressFrom(headers("10.1.2.3", "198.51.100.4"), proxies)).toBe("198.51.100.4");
    // What the client wrote itself (the first entries) is not believed: the nearest untrusted entry is the client.
    expect(clientAddressFrom(headers("10.1.2.3", "1.1.1.1, 198.51.100.4, 192.168.1.7"), proxies)).toBe("198.51.100.4");
    expect(clientAddressFrom(headers("fd00::1", "2001:db8::5"), proxies)).toBe("2001:db8::5");
    // Only proxies: the farthest one.
    expect(clientAddressFrom(headers("10.1.2.3", "10.9.9.9"), proxies)).toBe("10.9.9.9");
    // None given: the proxy itself.
    expect(clientAddressFrom(headers("10.1.2.3"), proxies)).toBe("10.1.2.3");
    // A malformed entry ends the walk at the last address a trusted proxy vouched for.
    expect(clientAddressFrom(headers("10.1.2.3", "198.51.100.4, not-an-ip, 10.2.2.2"), proxies)).toBe("10.2.2.2");
  });

  it("is 'unknown' without the socket's header (never an address the client wrote)", () => {
    expect(clientAddressFrom(headers(null, "1.2.3.4"), proxies)).toBe(UNKNOWN_CLIENT);
    expect(normalizeAddress("[::1]")).toBe("::1");
    expect(normalizeAddress("evil")).toBeNull();
  });

  it("server.ts's stamp is the socket's address and replaces one the client sent", async () => {
    const seen: (string | string[] | undefined)[] = [];
    const server = createServer((request, response) => {
      stampSocketAddress(request);
      seen.push(request.headers[SOCKET_ADDRESS_HEADER]);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      httpRequest(
        {
          port,
          host: "127.0.0.1",
          headers: { [SOCKET_ADDRESS_HEADER]: "1.2.3.4", "X-Ledgerlane-Socket-Address": "5.6.7.8" },
        },
        (response) => {
          response.resume();
          response.on("end", resolve);
        },
      )
        .on("error", reject)
        .end(),
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(seen).toEqual(["127.0.0.1"]);
  });
});
