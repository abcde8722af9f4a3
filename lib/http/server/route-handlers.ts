import type { NextRequest } from "next/server";

/** What Next passes as a route handler's second argument. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

/** A route file's method export, as `withRoute` (./route.ts) makes it. */
export type RouteHandler = (request: NextRequest, routeContext: NextRouteContext) => Promise<Response>;

/**
 * What a contract's `server/handlers.ts` exports (`xHandlers = { … } satisfies RouteHandlers<typeof
 * xContract>`): a handler for each route of its table but the hand-written ones, and nothing else,
 * so a route without a handler does not compile. The generated route files app/api/…/route.ts
 * export them (scripts/generate/routes.ts, docs/adr/0240-routes-written-once.md).
 */
export type RouteHandlers<T extends Record<string, object>> = {
  readonly [K in keyof T as T[K] extends { handWritten: true } ? never : K]: RouteHandler;
};
