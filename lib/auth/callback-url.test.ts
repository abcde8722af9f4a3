import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { withSafeCallbackUrl } from "./callback-url";
import { safeCallbackUrl } from "./own-url";

const base = "http://localhost:3000";

describe("safeCallbackUrl (next-auth's redirect callback)", () => {
  it("keeps paths and URLs of this app", () => {
    expect(safeCallbackUrl("/businesses?x=1", base)).toBe("http://localhost:3000/businesses?x=1");
    expect(safeCallbackUrl("http://localhost:3000/payroll", base)).toBe("http://localhost:3000/payroll");
  });

  it("sends everything else home, without throwing", () => {
    for (const url of [
      "http://localhost:3000.evil.example/",
      "\\\\evil.example",
      "\\evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "%",
      "%25",
      "javascript:alert(1)",
      "https://evil.example/",
      "http://localhost:3000@evil.example/",
      "",
      "/\u0000x",
      "http:/\\evil.example",
    ]) {
      expect(() => safeCallbackUrl(url, base), url).not.toThrow();
      expect(safeCallbackUrl(url, base), url).toBe(base);
    }
  });
});

describe("withSafeCallbackUrl (proxy.ts on /api/auth/*)", () => {
  const cookieRequest = (url: string, cookie?: string) =>
    new NextRequest(`${base}${url}`, cookie ? { headers: { cookie } } : {});

  it("leaves a request with the app's own callbackUrl alone", () => {
    const response = withSafeCallbackUrl(
      cookieRequest(
        "/api/auth/session?callbackUrl=%2Fbusinesses",
        "ledgerlane.callback-url=http%3A%2F%2Flocalhost%3A3000%2Fpayroll",
      ),
      base,
    );
    expect(response.headers.get("x-middleware-rewrite")).toBeNull();
    expect(response.headers.get("x-middleware-override-headers")).toBeNull();
  });

  it("sends a request with a foreign or unparsable callbackUrl to the same URL without it, before next-auth reads it", () => {
    for (const value of ["http://localhost:3000.evil.example/", "\\\\evil.example", "%"]) {
      const response = withSafeCallbackUrl(
        cookieRequest(`/api/auth/signin?callbackUrl=${encodeURIComponent(value)}&x=1`),
        base,
      );
      expect(response.status, value).toBe(307);
      expect(response.headers.get("location"), value).toBe(`${base}/api/auth/signin?x=1`);
    }
  });

  it("drops a planted callback-url cookie from the request and clears it in the browser", () => {
    for (const value of ["%25", "%5C%5Cevil.example", "http%3A%2F%2Flocalhost%3A3000.evil.example%2F"]) {
      const response = withSafeCallbackUrl(
        cookieRequest("/api/auth/session", `ledgerlane.session=s1; ledgerlane.callback-url=${value}`),
        base,
      );
      expect(response.headers.get("x-middleware-request-cookie"), value).toBe("ledgerlane.session=s1");
      expect(response.headers.get("set-cookie"), value).toMatch(/^ledgerlane\.callback-url=; Path=\/; .*Max-Age=0/i);
    }
  });
});
