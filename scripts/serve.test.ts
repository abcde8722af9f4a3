import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSigningKey } from "../lib/crypto/signing-key";

// `npm run serve` refuses at once, saying what is wrong, rather than serve a broken app: the whole
// run (two web processes and two workers serving people) is e2e/deployment.spec.ts.

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIGURED = {
  DATABASE_URL: "postgresql://app@127.0.0.1:9/ledgerlane",
  NEXTAUTH_URL: "https://payroll.example.com",
  NEXTAUTH_SECRET: "x".repeat(32),
  TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
  ACCOUNTING_AUTH_URL: "https://accounting.example.com/auth",
  ACCOUNTING_TOKEN_URL: "https://accounting.example.com/token",
  ACCOUNTING_REVOKE_URL: "https://accounting.example.com/revoke",
  ACCOUNTING_BASE_URL: "https://accounting.example.com/v3.1",
  ACCOUNTING_CLIENT_ID: "ledgerlane",
  ACCOUNTING_CLIENT_SECRET: "secret",
  PAYROLL_BASE_URL: "https://payroll-service.example.com",
  AUDIT_SIGNING_KEY: generateSigningKey(),
};

function serve(env: Record<string, string>) {
  // Only what is given here: not the suite's own configuration.
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe("npm run serve", () => {
  it("names the missing database and public address", { timeout: 40_000 }, () => {
    const { DATABASE_URL: _database, NEXTAUTH_URL: _url, ...rest } = CONFIGURED;
    const { code, output } = serve(rest);
    expect(code).toBe(1);
    expect(output).toContain("Cannot serve: DATABASE_URL and NEXTAUTH_URL must be set");
  });

  it("asks for the audit trail's signing key", { timeout: 40_000 }, () => {
    const { AUDIT_SIGNING_KEY: _key, ...rest } = CONFIGURED;
    const { code, output } = serve(rest);
    expect(code).toBe(1);
    expect(output).toContain("Cannot serve: AUDIT_SIGNING_KEY must be set");
  });

  it("names a missing service setting", { timeout: 40_000 }, () => {
    const { PAYROLL_BASE_URL: _payroll, ...rest } = CONFIGURED;
    const { code, output } = serve(rest);
    expect(code).toBe(1);
    expect(output).toContain("Cannot serve: invalid configuration");
    expect(output).toContain("PAYROLL_BASE_URL");
  });

  it("refuses the test controls", { timeout: 40_000 }, () => {
    const { code, output } = serve({ ...CONFIGURED, TEST_CONTROLS: "true" });
    expect(code).toBe(1);
    expect(output).toContain("Cannot serve: TEST_CONTROLS=true is for tests only");
  });

  it("asks for a build when there is none", { timeout: 40_000 }, () => {
    const { code, output } = serve({ ...CONFIGURED, NEXT_DIST_DIR: mkdtempSync(path.join(tmpdir(), "no-build-")) });
    expect(code).toBe(1);
    expect(output).toContain("run `npm run build` first");
  });
});
