import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { clientEnvSchema } from "./client";
import { describeEnvError, serverEnvSchema } from "./schema";

const valid = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/app",
  NEXTAUTH_SECRET: "x".repeat(32),
  TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32).toString("base64")}`,
  ACCOUNTING_AUTH_URL: "https://auth.example/authorize",
  ACCOUNTING_TOKEN_URL: "https://auth.example/token",
  ACCOUNTING_REVOKE_URL: "https://auth.example/revoke",
  ACCOUNTING_BASE_URL: "https://api.example/v3.1",
  ACCOUNTING_CLIENT_ID: "id",
  ACCOUNTING_CLIENT_SECRET: "secret",
  PAYROLL_BASE_URL: "https://payroll.example",
};

describe("server configuration", () => {
  it("fills defaults", () => {
    const env = serverEnvSchema.parse(valid);
    expect(env.PORT).toBe(3000);
    expect(env.NEXTAUTH_URL).toBe("http://localhost:3000");
    expect(env.TOKEN_ENCRYPTION_KEYS.current.id).toBe("k1");
  });

  it("serves the bench's routes only when BENCH_ROUTES is exactly true", () => {
    expect(serverEnvSchema.parse(valid).BENCH_ROUTES).toBe(false);
    expect(serverEnvSchema.parse({ ...valid, BENCH_ROUTES: "true" }).BENCH_ROUTES).toBe(true);
    expect(serverEnvSchema.safeParse({ ...valid, BENCH_ROUTES: "yes" }).success).toBe(false);
  });

  it("stops on a key of the wrong length with a clear message", () => {
    const result = serverEnvSchema.safeParse({
      ...valid,
      TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(31).toString("base64")}`,
    });
    expect(result.success).toBe(false);
    expect(describeEnvError(result.error!)).toContain('  TOKEN_ENCRYPTION_KEYS: key "k1" is 31 bytes');
  });

  it("names every missing variable", () => {
    const result = serverEnvSchema.safeParse({});
    const message = describeEnvError(result.error!);
    for (const name of [
      "DATABASE_URL",
      "NEXTAUTH_SECRET",
      "TOKEN_ENCRYPTION_KEYS",
      "ACCOUNTING_BASE_URL",
      "PAYROLL_BASE_URL",
    ]) {
      expect(message).toContain(name);
    }
  });
});

describe(".env.example copied to .env.local", () => {
  const example = parseEnv(readFileSync(path.join(import.meta.dirname, "../../.env.example"), "utf8"));
  // What `npm start` adds on a fresh clone: generated secrets, the embedded Postgres, the sandbox.
  const providedByStart = {
    NEXTAUTH_SECRET: valid.NEXTAUTH_SECRET,
    TOKEN_ENCRYPTION_KEYS: valid.TOKEN_ENCRYPTION_KEYS,
    DATABASE_URL: valid.DATABASE_URL,
    SANDBOX_URL: "http://127.0.0.1:4010",
    ACCOUNTING_AUTH_URL: valid.ACCOUNTING_AUTH_URL,
    ACCOUNTING_TOKEN_URL: valid.ACCOUNTING_TOKEN_URL,
    ACCOUNTING_REVOKE_URL: valid.ACCOUNTING_REVOKE_URL,
    ACCOUNTING_BASE_URL: valid.ACCOUNTING_BASE_URL,
    ACCOUNTING_CLIENT_ID: valid.ACCOUNTING_CLIENT_ID,
    ACCOUNTING_CLIENT_SECRET: valid.ACCOUNTING_CLIENT_SECRET,
    PAYROLL_BASE_URL: valid.PAYROLL_BASE_URL,
  };

  it("lists empty values that mean unset", () => {
    expect(example.LEGACY_AUTH_URL).toBe("");
    expect(example.NEXTAUTH_URL).toBe("");
    expect(example.PAYROLL_AUTH_HEADER).toBe("");
  });

  it("parses, with empty values taking their defaults", () => {
    // Next loads .env.local too, so the app sees the file's empty values under the ones npm start sets.
    const result = serverEnvSchema.safeParse({ ...example, ...providedByStart });
    expect(result.error && describeEnvError(result.error)).toBeUndefined();
    expect(result.data?.NEXTAUTH_URL).toBe("http://localhost:3000");
    expect(result.data?.LEGACY_AUTH_URL).toBeUndefined();
    expect(result.data?.PAYROLL_AUTH_HEADER).toBe("Authorization: Bearer {api_key}");
    expect(result.data?.PAYROLL_EXTRA_BASE_URLS).toEqual([]);
  });

  it("still names a required variable left empty", () => {
    const result = serverEnvSchema.safeParse({ ...example, ...providedByStart, PAYROLL_BASE_URL: "" });
    expect(result.success).toBe(false);
    expect(describeEnvError(result.error!)).toContain("PAYROLL_BASE_URL");
  });

  it("gives the browser's configuration its default for an empty value", () => {
    expect(clientEnvSchema.parse({ NEXT_PUBLIC_DEFAULT_LOCALE: "" })).toEqual({ NEXT_PUBLIC_DEFAULT_LOCALE: "en" });
    expect(clientEnvSchema.parse({ NEXT_PUBLIC_DEFAULT_LOCALE: example.NEXT_PUBLIC_DEFAULT_LOCALE })).toEqual({
      NEXT_PUBLIC_DEFAULT_LOCALE: "en",
    });
  });
});
