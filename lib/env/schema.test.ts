import { describe, expect, it } from "vitest";
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

  it("stops on a key of the wrong length with a clear message", () => {
    const result = serverEnvSchema.safeParse({ ...valid, TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(31).toString("base64")}` });
    expect(result.success).toBe(false);
    expect(describeEnvError(result.error!)).toContain('  TOKEN_ENCRYPTION_KEYS: key "k1" is 31 bytes');
  });

  it("names every missing variable", () => {
    const result = serverEnvSchema.safeParse({});
    const message = describeEnvError(result.error!);
    for (const name of ["DATABASE_URL", "NEXTAUTH_SECRET", "TOKEN_ENCRYPTION_KEYS", "ACCOUNTING_BASE_URL", "PAYROLL_BASE_URL"]) {
      expect(message).toContain(name);
    }
  });
});
