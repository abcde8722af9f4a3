import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverEnvSchema } from "../../lib/env/schema";
import { ensureLocalSecrets } from "./ensure-secrets";
import { loadLocalEnv } from "./local-env";

const EXAMPLE = path.join(import.meta.dirname, "../../.env.example");

describe("npm start on a copy of .env.example", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ledgerlane-env-"));
    file = path.join(dir, ".env.local");
    copyFileSync(EXAMPLE, file);
    vi.stubEnv("NEXTAUTH_SECRET", undefined);
    vi.stubEnv("TOKEN_ENCRYPTION_KEYS", undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it("fills the empty secret lines in place", () => {
    const log = vi.fn();
    ensureLocalSecrets(log, file);
    const env = parseEnv(readFileSync(file, "utf8"));
    expect(env.NEXTAUTH_SECRET).toMatch(/^[\w-]{43}$/);
    expect(env.TOKEN_ENCRYPTION_KEYS).toMatch(/^k\d{8}:/);
    expect(readFileSync(file, "utf8").match(/^NEXTAUTH_SECRET=/gm)).toHaveLength(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("NEXTAUTH_SECRET and TOKEN_ENCRYPTION_KEYS"));
    ensureLocalSecrets(log, file);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("loads empty values as unset, so the defaults apply", () => {
    ensureLocalSecrets(() => {}, file);
    vi.stubEnv("NEXTAUTH_URL", undefined);
    vi.stubEnv("LEGACY_AUTH_URL", undefined);
    loadLocalEnv(file);
    expect("NEXTAUTH_URL" in process.env).toBe(false);
    expect("LEGACY_AUTH_URL" in process.env).toBe(false);
    expect(process.env.NEXTAUTH_SECRET).toBeTruthy();
    const result = serverEnvSchema.safeParse({
      ...process.env,
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/app",
      ACCOUNTING_AUTH_URL: "https://auth.example/authorize",
      ACCOUNTING_TOKEN_URL: "https://auth.example/token",
      ACCOUNTING_REVOKE_URL: "https://auth.example/revoke",
      ACCOUNTING_BASE_URL: "https://api.example/v3.1",
      ACCOUNTING_CLIENT_ID: "id",
      ACCOUNTING_CLIENT_SECRET: "secret",
      PAYROLL_BASE_URL: "https://payroll.example",
    });
    expect(result.success).toBe(true);
  });
});
