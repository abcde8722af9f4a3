import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { isCrossSiteExempt } from "@/lib/http/origin-check";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/server/socket-address";
import { config, proxy } from "./proxy";

/** Every route file under app/api, as a URL path with its dynamic segments filled in. */
function apiRoutePaths(): string[] {
  const root = path.join(import.meta.dirname, "app");
  return readdirSync(path.join(root, "api"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("route.ts"))
    .map((file) =>
      `/api/${path.dirname(file)}`
        .replace(/\[\.\.\.(\w+)\]/g, "signin")
        .replace(/\[(\w+)\]/g, "1")
        .replace(/\\/g, "/"),
    );
}

/**
 * Every page under app (app/**\/page.tsx) as a URL path with its dynamic segments filled in: a server action is a
 * POST to the page's own URL (with a `Next-Action` header), so these are where a forged one would be sent.
 */
function pagePaths(): string[] {
  const root = path.join(import.meta.dirname, "app");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => {
      const route = path
        .dirname(file)
        .replace(/\\/g, "/")
        .replace(/\[(\w+)\]/g, "1");
      return route === "." ? "/" : `/${route}`;
    });
}

/** The matcher as Next compiles it: the source is a path-to-regexp pattern anchored at both ends. */
function matches(pathname: string): boolean {
  return config.matcher.some((entry) => new RegExp(`^${entry.source}$`).test(pathname));
}

describe("proxy.ts, the one origin check", () => {
  const paths = apiRoutePaths();

  it("runs for every route under /api/**", () => {
    expect(paths.length).toBeGreaterThan(8);
    for (const pathname of [...paths, "/api/accounting/businesses/1"]) expect(matches(pathname), pathname).toBe(true);
  });

  it("answers 403 cross_site_request to a cross-site write on every route, in the envelope", async () => {
    for (const pathname of paths.filter((candidate) => !isCrossSiteExempt(candidate))) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const request = new NextRequest(`http://localhost:3000${pathname}`, {
          method,
          headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        });
        const response = proxy(request);
        expect(response.status, `${method} ${pathname}`).toBe(403);
        expect(await response.json()).toMatchObject({ ok: false, error: { code: "cross_site_request" } });
      }
    }
  });

  it("exempts the one-click unsubscribe alone (RFC 8058: mail providers POST from anywhere; its signed token authenticates it), form data included", () => {
    expect(paths.filter((pathname) => isCrossSiteExempt(pathname))).toEqual(["/api/mail/unsubscribe/1"]);
    for (const contentType of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const oneClick = proxy(
        new NextRequest("http://localhost:3000/api/mail/unsubscribe/token", {
          method: "POST",
          headers: { origin: "https://mail.example", "sec-fetch-site": "cross-site", "content-type": contentType },
        }),
      );
      expect(oneClick.status, contentType).toBe(200);
    }
  });

  it("lets same-origin writes and cross-site reads through", () => {
    const write = proxy(
      new NextRequest("http://localhost:3000/api/payroll/connection", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      }),
    );
    expect(write.status).toBe(200);
    const read = proxy(
      new NextRequest("http://localhost:3000/api/payroll/imports/1", { headers: { "sec-fetch-site": "cross-site" } }),
    );
    expect(read.status).toBe(200);
  });
});

describe("proxy.ts, the one origin check, for server actions", () => {
  const pages = pagePaths();

  it("runs for every page (a server action is posted to its page's URL)", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages).toContain("/settings/workspace");
    for (const pathname of pages) expect(matches(pathname), pathname).toBe(true);
  });

  // As Next's client sends an action (text/plain) and as a form without JavaScript sends it (multipart); told cross-site
  // by Sec-Fetch-Site (every current browser) or, from an older browser, by Origin alone.
  it("answers 403 cross_site_request to a cross-site server action on every page, whatever its body", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { referer: "https://evil.example/form" },
    ];
    for (const pathname of pages) {
      for (const headers of crossSite) {
        for (const contentType of [
          "text/plain;charset=UTF-8",
          "multipart/form-data; boundary=x",
          "application/x-www-form-urlencoded",
        ]) {
          const request = new NextRequest(`http://localhost:3000${pathname}`, {
            method: "POST",
            headers: {
              ...headers,
              "next-action": "7f0123456789abcdef0123456789abcdef012345",
              "content-type": contentType,
            },
            body: "[]",
          });
          const response = proxy(request);
          expect(response.status, `${pathname} ${JSON.stringify(headers)} ${contentType}`).toBe(403);
          expect(await response.json()).toMatchObject({ ok: false, error: { code: "cross_site_request" } });
        }
      }
    }
  });

  it("lets a same-origin server action through", () => {
    const response = proxy(
      new NextRequest("http://localhost:3000/settings/workspace", {
        method: "POST",
        headers: {
          origin: "http://localhost:3000",
          "sec-fetch-site": "same-origin",
          "next-action": "7f01",
          "content-type": "text/plain",
        },
        body: "[]",
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe("proxy.ts, what no route can answer", () => {
  // TRACE itself cannot be built as a Request (fetch forbids it); the fuzz test sends it to the server.
  it("answers 405 in the envelope to unknown methods, on pages and routes", async () => {
    for (const pathname of [
      "/",
      "/businesses",
      "/api/health",
      "/api/payroll/connection",
      "/api/accounting/businesses",
    ]) {
      for (const method of ["PROPFIND", "FOO", "MKCOL"]) {
        const response = proxy(new NextRequest(`http://localhost:3000${pathname}`, { method }));
        expect(response.status, `${method} ${pathname}`).toBe(405);
        expect(response.headers.get("allow")).toContain("GET");
        expect(await response.json()).toMatchObject({ ok: false, error: { code: "method_not_allowed" } });
      }
    }
  });

  it("answers 400 to a malformed percent-encoding or a NUL in the path or the query", async () => {
    for (const url of [
      "/businesses/%",
      "/payroll/companies/%/hours",
      "/businesses/%E0%A4%A",
      "/businesses/%00",
      "/api/payroll/imports/%00",
      "/api/accounting/businesses/%",
      "/sign-in?error=%",
      "/sign-in?error=a%00b",
      "/x/%ED%A0%80",
    ]) {
      const response = proxy(new NextRequest(`http://localhost:3000${url}`));
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    for (const url of ["/businesses/abc%20d", "/sign-in?error=access_denied", "/x/%F0%9F%98%80?q=a+b%26c"]) {
      expect(proxy(new NextRequest(`http://localhost:3000${url}`)).status, url).toBe(200);
    }
  });
});

describe("proxy.ts, form data on /api/**", () => {
  it("answers 415 to a multipart body on any /api/ path (no route takes one), and lets JSON through", async () => {
    for (const pathname of ["/api/nope/transfer", "/api/payroll/connection"]) {
      const response = proxy(
        new NextRequest(`http://localhost:3000${pathname}`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: "",
        }),
      );
      expect(response.status, pathname).toBe(415);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: "unsupported_media_type" } });
    }
    expect(
      proxy(
        new NextRequest("http://localhost:3000/api/payroll/connection", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      ).status,
    ).toBe(200);
  });
});

describe("proxy.ts's refusals", () => {
  it("carry the request's id in their header and envelope: server.ts's, else a new one, never the client's", async () => {
    const refused = (headers: Record<string, string>) =>
      proxy(new NextRequest("http://localhost:3000/api/x", { method: "PROPFIND", headers }));
    const stamped = refused({ "x-request-id": "lb-42", [SOCKET_ADDRESS_HEADER]: "10.0.0.1" });
    expect(stamped.headers.get("x-request-id")).toBe("lb-42");
    expect(await stamped.json()).toMatchObject({ error: { code: "method_not_allowed", requestId: "lb-42" } });
    const unstamped = refused({ "x-request-id": "chosen-by-client" });
    const id = unstamped.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await unstamped.json()).toMatchObject({ status: 405, error: { requestId: id } });
  });
});
