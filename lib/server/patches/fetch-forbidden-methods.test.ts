import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { refuseFetchForbiddenMethods } from "./fetch-forbidden-methods";

function send(port: number, method: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, method, path: "/api/health" }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("refuseFetchForbiddenMethods", () => {
  it("answers TRACE with 405 in the envelope before the app's handler, and passes the rest on", async () => {
    refuseFetchForbiddenMethods();
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.method ?? "");
      response.end("app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const method of ["TRACE"]) {
        const answer = await send(port, method);
        expect(answer.status, method).toBe(405);
        expect(answer.allow).toContain("GET");
        expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: "method_not_allowed" } });
      }
      expect((await send(port, "GET")).body).toBe("app");
      expect(seen).toEqual(["GET"]);
    } finally {
      server.close();
    }
  });
});

describe("canary: the patch is still needed", () => {
  it("Next's request (fetch's Request) still refuses TRACE and TRACK, so proxy.ts never sees them", () => {
    for (const method of ["TRACE", "TRACK"]) {
      expect(() => new NextRequest("http://localhost:3000/api/health", { method }), `${method}: Next accepts it now, proxy.ts can answer it`).toThrow(/unsupported/);
    }
  });
});
