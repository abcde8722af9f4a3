import { describe, expect, it } from "vitest";
import { serverEnvSchema } from "../../lib/env/schema";
import { appServerArgs, listenOn, localAppUrl } from "./app-listen";

const required = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x",
  NEXTAUTH_SECRET: "x".repeat(32),
  TOKEN_ENCRYPTION_KEYS: `k:${Buffer.alloc(32, 1).toString("base64")}`,
  ACCOUNTING_AUTH_URL: "http://127.0.0.1:4010/a",
  ACCOUNTING_TOKEN_URL: "http://127.0.0.1:4010/t",
  ACCOUNTING_REVOKE_URL: "http://127.0.0.1:4010/r",
  ACCOUNTING_BASE_URL: "http://127.0.0.1:4010/v3.1",
  ACCOUNTING_CLIENT_ID: "id",
  ACCOUNTING_CLIENT_SECRET: "secret",
  PAYROLL_BASE_URL: "http://127.0.0.1:4010/payroll",
};

describe("where npm start has the app listen", () => {
  it("binds to 127.0.0.1 unless HOST says otherwise (an empty HOST of .env.example too)", () => {
    const host = serverEnvSchema.parse({ ...required, HOST: "" }).HOST;
    expect(host).toBe("127.0.0.1");
    // Bound to the address itself, while Next's own origin says `localhost`, as its rewrites' URLs do.
    expect(listenOn(host)).toEqual({ address: "127.0.0.1", nextHostname: "localhost" });
    expect(appServerArgs(3000, host)).toEqual(["--port", "3000", "--host", "127.0.0.1"]);
    expect(localAppUrl(3000, host, "/api/health")).toBe("http://127.0.0.1:3000/api/health");
  });

  it("binds to the address HOST names, and asks it whether the app is ready", () => {
    expect(listenOn(serverEnvSchema.parse({ ...required, HOST: "0.0.0.0" }).HOST)).toEqual({
      address: "0.0.0.0",
      nextHostname: "0.0.0.0",
    });
    expect(localAppUrl(3000, "0.0.0.0", "/api/health")).toBe("http://127.0.0.1:3000/api/health");
    expect(listenOn("::")).toEqual({ address: "::", nextHostname: "::" });
    expect(localAppUrl(3000, "::", "/api/health")).toBe("http://127.0.0.1:3000/api/health");
    expect(listenOn("[::1]")).toEqual({ address: "::1", nextHostname: "localhost" });
    expect(localAppUrl(3000, "[::1]", "/api/health")).toBe("http://[::1]:3000/api/health");
    expect(listenOn("localhost")).toEqual({ address: "127.0.0.1", nextHostname: "localhost" });
    expect(listenOn("192.168.1.20")).toEqual({ address: "192.168.1.20", nextHostname: "192.168.1.20" });
    expect(localAppUrl(3000, "192.168.1.20", "/")).toBe("http://192.168.1.20:3000/");
  });

  it("listens on 127.0.0.1 only with the default and with localhost, as server.ts listens (server.listen(port, address))", async () => {
    const { createServer } = await import("node:net");
    for (const host of ["127.0.0.1", "localhost"]) {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, listenOn(host).address, resolve));
      expect(server.address(), host).toMatchObject({ address: "127.0.0.1", family: "IPv4" });
      server.close();
    }
  });

  it("refuses a HOST that is no address", () => {
    expect(serverEnvSchema.safeParse({ ...required, HOST: "http://example.com" }).success).toBe(false);
  });
});
