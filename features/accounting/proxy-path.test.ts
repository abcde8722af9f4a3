import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { ACCOUNTING_PATH_HEADER, accountingPathOf } from "./proxy-path";

// Next's own names for a middleware's rewrite and the request headers it overrides.
const rewriteOf = (response: Response) => response.headers.get("x-middleware-rewrite");
const forwardedPath = (response: Response) => response.headers.get(`x-middleware-request-${ACCOUNTING_PATH_HEADER}`);

describe("the accounting proxy's path", () => {
  it("is the part of the URL below /api/accounting", () => {
    expect(accountingPathOf("/api/accounting/user")).toBe("/user");
    expect(accountingPathOf("/api/accounting/businesses/b-1")).toBe("/businesses/b-1");
    expect(accountingPathOf("/api/accounting")).toBe("");
    expect(accountingPathOf("/api/accountingx/user")).toBeNull();
    expect(accountingPathOf("/businesses")).toBeNull();
  });

  it("reaches the proxy's static route in a header proxy.ts sets, with the query kept", () => {
    const response = proxy(new NextRequest("http://localhost:3000/api/accounting/businesses/b-1?attributes=all"));
    expect(rewriteOf(response)).toBe("http://localhost:3000/api/accounting?attributes=all");
    expect(forwardedPath(response)).toBe("/businesses/b-1");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("never takes the browser's own value of that header", () => {
    const forged = { [ACCOUNTING_PATH_HEADER]: "/../control" };
    expect(
      forwardedPath(proxy(new NextRequest("http://localhost:3000/api/accounting/user", { headers: forged }))),
    ).toBe("/user");
    expect(forwardedPath(proxy(new NextRequest("http://localhost:3000/api/accounting", { headers: forged })))).toBe("");
  });

  it("is not given to other routes", () => {
    const response = proxy(new NextRequest("http://localhost:3000/api/noop"));
    expect(rewriteOf(response)).toBeNull();
    expect(forwardedPath(response)).toBeNull();
  });
});
