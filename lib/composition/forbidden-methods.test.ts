import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/server/socket-address";
import { trustedProxies } from "@/lib/http/server/trusted-proxies";
import { refusingFetchForbiddenMethods } from "./forbidden-methods";
import { appRequestListener } from "./request-listener";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, method: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: "127.0.0.1", method, path: "/api/health", headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("refusingFetchForbiddenMethods", () => {
  it("answers TRACE with 405 in the envelope before the app's handler, and passes the rest on", async () => {
    const seen: string[] = [];
    const server = http.createServer(
      refusingFetchForbiddenMethods((request, response) => {
        seen.push(request.method ?? "");
        response.end("app");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const method of ["TRACE"]) {
        const answer = await send(port, method);
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow).toContain("GET");
        expect(JSON.parse(answer.body)).toEqual({
          ok: false,
          status: 405,
          error: { code: "method_not_allowed", message: `${method} is not allowed here.` },
        });
      }
      for (const method of ["GET", "POST", "PROPFIND"]) expect((await send(port, method)).body, method).toBe("app");
      expect(seen).toEqual(["GET", "POST", "PROPFIND"]);
    } finally {
      server.close();
    }
  });

  it("answers as proxy.ts answers every other unknown method: the same headers and envelope, the request's id too", async () => {
    // As server.ts listens (./request-listener.ts), behind a trusted proxy that named the request.
    const server = http.createServer(
      appRequestListener((_request, response) => response.end(), trustedProxies(["127.0.0.1"])),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const ours = await send(port, "TRACE", { "x-request-id": "lb-9" });
      expect(ours.headers["x-request-id"]).toBe("lb-9");
      const proxys = proxy(
        new NextRequest("http://localhost:3000/api/health", {
          method: "FOO",
          headers: { "x-request-id": "lb-9", [SOCKET_ADDRESS_HEADER]: "127.0.0.1" },
        }),
      );
      expect(ours.status).toBe(proxys.status);
      for (const [name, value] of proxys.headers) expect(ours.headers[name], name).toBe(value);
      expect(JSON.parse(ours.body)).toEqual(JSON.parse((await proxys.text()).replaceAll("FOO", "TRACE")));
    } finally {
      server.close();
    }
  });
});

describe("canary: the listener is still needed", () => {
  it("Next's request (fetch's Request) still refuses TRACE and TRACK, so proxy.ts never sees them", () => {
    for (const method of ["TRACE", "TRACK"]) {
      expect(
        () => new NextRequest("http://localhost:3000/api/health", { method }),
        `${method}: Next accepts it now, proxy.ts can answer it`,
      ).toThrow(/unsupported/);
    }
  });
});
