import { afterEach, describe, expect, it, vi } from "vitest";

// The session cookie's attributes are half of the CSRF defence (proxy.ts's origin check is the other): `SameSite=Lax`
// keeps a browser from sending it with another site's POST, a form's or a server action's alike. Every way in sets
// it: next-auth's cookie (the accounting sign-in) and the one made outside next-auth (an e-mail link, a passkey).

const ENV = {
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

/** The cookie makers as the app at this address loads them (the configuration is read once per module load). */
async function at(publicUrl: string) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...ENV, NEXTAUTH_URL: publicUrl })) vi.stubEnv(name, value);
  const { sessionCookieHeader } = await import("./session-cookie");
  const { authOptions } = await import("@/features/sign-in/server/options");
  return { sessionCookieHeader, authOptions };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Lax however the session began, and __Host- with Secure over HTTPS", async () => {
    for (const [url, name, secure] of [
      ["http://localhost:3000", "ledgerlane.session", false],
      ["https://app.example", "__Host-ledgerlane.session", true],
    ] as const) {
      const { sessionCookieHeader, authOptions } = await at(url);
      const header = await sessionCookieHeader(
        "00000000-0000-4000-8000-000000000001",
        "00000000-0000-4000-8000-000000000002",
      );
      const attributes = header.split("; ");
      expect(attributes[0]!.startsWith(`${name}=`), header).toBe(true);
      expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
      expect(attributes.includes("Secure")).toBe(secure);

      const nextAuth = authOptions().cookies?.sessionToken;
      expect(nextAuth?.name).toBe(name);
      expect(nextAuth?.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure });
    }
  });
});
