import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * A request's route template (`/api/companies/[companyId]/hours`), never its path (ids, names):
 * the label of the request metrics (./http-requests.ts). Taken from the build's own table of
 * routes (`routes-manifest.json` in Next's build folder: every page and route handler, static and
 * dynamic, with the regular expression Next matches it by), so pages and API routes alike are
 * labelled as Next routes them, in the order Next tries them. Anything else is one of a few fixed
 * labels: Next's assets, or "unmatched" (a 404), so the labels' values are as many as the routes.
 */

interface ManifestRoute {
  page: string;
  regex: string;
}

export interface RoutesManifest {
  staticRoutes?: ManifestRoute[];
  dynamicRoutes?: ManifestRoute[];
}

export const UNMATCHED_ROUTE = "unmatched";
export const ASSET_ROUTE = "/_next/[asset]";

export type RouteTemplateOf = (pathname: string) => string;

export function routeTemplates(manifest: RoutesManifest): RouteTemplateOf {
  const statics = new Map((manifest.staticRoutes ?? []).map((route) => [route.page, route.page]));
  const dynamics = (manifest.dynamicRoutes ?? []).map((route) => ({
    page: route.page,
    regex: new RegExp(route.regex),
  }));
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const known = statics.get(trimmed);
    if (known !== undefined) return known;
    if (trimmed.startsWith("/_next/")) return ASSET_ROUTE;
    for (const { page, regex } of dynamics) if (regex.test(trimmed)) return page;
    return UNMATCHED_ROUTE;
  };
}

/** The templates of the build in `distDir` (server.ts's, NEXT_DIST_DIR or .next); without its manifest, every request is "unmatched". */
export function builtRouteTemplates(distDir: string): RouteTemplateOf {
  try {
    return routeTemplates(
      JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as RoutesManifest,
    );
  } catch {
    return () => UNMATCHED_ROUTE;
  }
}

/** The path of a request's URL (`/a/b?c` → `/a/b`), without parsing the whole URL. */
export function pathnameOf(url: string | undefined): string {
  if (!url) return "/";
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
