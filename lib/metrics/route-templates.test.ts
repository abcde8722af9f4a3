import { describe, expect, it } from "vitest";
import { ASSET_ROUTE, UNMATCHED_ROUTE, builtRouteTemplates, pathnameOf, routeTemplates } from "./route-templates";

// The shape of Next's routes-manifest.json (static and dynamic routes, each with Next's own expression).
const templateOf = routeTemplates({
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/api/ready", regex: "^/api/ready(?:/)?$" },
    { page: "/overview", regex: "^/overview(?:/)?$" },
  ],
  dynamicRoutes: [
    {
      page: "/api/month-close/[companyId]/employees/[employeeId]",
      regex: "^/api/month\\-close/([^/]+?)/employees/([^/]+?)(?:/)?$",
    },
    { page: "/api/month-close/[companyId]/[kind]", regex: "^/api/month\\-close/([^/]+?)/([^/]+?)(?:/)?$" },
    { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
  ],
});

describe("route templates", () => {
  it("labels a request by the route Next matches, never by its ids", () => {
    expect(templateOf("/api/ready")).toBe("/api/ready");
    expect(templateOf("/overview/")).toBe("/overview");
    expect(templateOf("/")).toBe("/");
    expect(templateOf("/api/month-close/4711/employees/12")).toBe(
      "/api/month-close/[companyId]/employees/[employeeId]",
    );
    expect(templateOf("/api/month-close/4711/submit")).toBe("/api/month-close/[companyId]/[kind]");
    expect(templateOf("/api/auth/callback/accounting")).toBe("/api/auth/[...nextauth]");
  });

  it("puts Next's assets under one label and anything unknown under another", () => {
    expect(templateOf("/_next/static/chunks/abc123.js")).toBe(ASSET_ROUTE);
    expect(templateOf("/wp-login.php")).toBe(UNMATCHED_ROUTE);
    expect(templateOf("/api/month-close")).toBe(UNMATCHED_ROUTE);
  });

  it("labels every request unmatched without a build", () => {
    expect(builtRouteTemplates("/nonexistent-build")("/api/ready")).toBe(UNMATCHED_ROUTE);
  });

  it("takes the path of a request's URL", () => {
    expect(pathnameOf("/a/b?c=1")).toBe("/a/b");
    expect(pathnameOf("/a#x")).toBe("/a");
    expect(pathnameOf(undefined)).toBe("/");
  });
});
