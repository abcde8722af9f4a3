import { describe, expect, it } from "vitest";
import { serverEnvSchema } from "../../lib/env/schema";
import { localAppUrl, nextStartArgs } from "./app-listen";

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
    expect(nextStartArgs(3000, host)).toEqual(["start", "-p", "3000", "-H", "127.0.0.1"]);
    expect(localAppUrl(3000, host, "/api/health")).toBe("http://127.0.0.1:3000/api/health");
  });

  it("binds to the address HOST names, and asks it whether the app is ready", () => {
    expect(nextStartArgs(3000, serverEnvSchema.parse({ ...required, HOST: "0.0.0.0" }).HOST)).toEqual(["start", "-p", "3000", "-H", "0.0.0.0"]);
    expect(localAppUrl(3000, "0.0.0.0", "/api/health")).toBe("http://127.0.0.1:3000/api/health");
    expect(nextStartArgs(3000, "::1")).toEqual(["start", "-p", "3000", "-H", "::1"]);
    expect(localAppUrl(3000, "[::1]", "/api/health")).toBe("http://[::1]:3000/api/health");
    expect(localAppUrl(3000, "192.168.1.20", "/")).toBe("http://192.168.1.20:3000/");
  });

  it("refuses a HOST that is no address", () => {
    expect(serverEnvSchema.safeParse({ ...required, HOST: "http://example.com" }).success).toBe(false);
  });
});
