import { describe, expect, it } from "vitest";
import { serverEnvSchema } from "../../lib/env/schema";
import { localAppUrl, nextStart } from "./app-listen";

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
    // As `localhost` resolved to IPv4 first: 127.0.0.1, and Next's own origin matches its rewrites' URLs.
    expect(nextStart(3000, host)).toEqual({ nodeFlags: ["--dns-result-order=ipv4first"], args: ["start", "-p", "3000", "-H", "localhost"] });
    expect(localAppUrl(3000, host, "/api/health")).toBe("http://127.0.0.1:3000/api/health");
  });

  it("binds to the address HOST names, and asks it whether the app is ready", () => {
    expect(nextStart(3000, serverEnvSchema.parse({ ...required, HOST: "0.0.0.0" }).HOST).args).toEqual(["start", "-p", "3000", "-H", "0.0.0.0"]);
    expect(localAppUrl(3000, "0.0.0.0", "/api/health")).toBe("http://127.0.0.1:3000/api/health");
    expect(nextStart(3000, "[::1]").args).toEqual(["start", "-p", "3000", "-H", "::1"]);
    expect(localAppUrl(3000, "[::1]", "/api/health")).toBe("http://[::1]:3000/api/health");
    expect(localAppUrl(3000, "192.168.1.20", "/")).toBe("http://192.168.1.20:3000/");
  });

  it("listens on 127.0.0.1 only with the default, as next start is run with these arguments", async () => {
    const { spawn } = await import("node:child_process");
    const path = await import("node:path");
    // A stand-in for next start that listens as Next does (server.listen(port, hostname)) and says where.
    const { nodeFlags, args } = nextStart(0, "127.0.0.1");
    const script = `const s=require("net").createServer();s.listen(0,process.argv[process.argv.indexOf("-H")+1],()=>{console.log(JSON.stringify(s.address()));s.close()})`;
    const child = spawn(process.execPath, [...nodeFlags, "-e", script, "--", ...args], { cwd: path.resolve(import.meta.dirname, "../..") });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once("exit", resolve));
    expect(JSON.parse(output)).toMatchObject({ address: "127.0.0.1", family: "IPv4" });
  });

  it("refuses a HOST that is no address", () => {
    expect(serverEnvSchema.safeParse({ ...required, HOST: "http://example.com" }).success).toBe(false);
  });
});
