import "server-only";
import type { z } from "zod";
import { parseQuery, withRoute, type RouteHandlerContext, type RouteOptions } from "@/lib/http/server/route";
import type { OwnPermission, Permission } from "@/features/workspaces/permissions";
import { payrollActor, payrollFor } from "./access";
import type { PayrollClient } from "../upstream/server/payroll-service";
import { requireCompany, type CompanyRecord } from "../connection/server/companies";
import type { PayrollConnectionInfo } from "../connection/server/connection";
import { PayrollCompanyNotReachableError } from "../errors";

/**
 * The handlers that name a payroll company or import (`/api/payroll/**`, `/api/month-close/**`, a
 * company's deadline settings): `withRoute` (session, params, body, the one error mapping: see
 * lib/http/server/route.ts) plus the workspace's payroll connection this
 * request works on and its client, found by a query that requires the person's `permission`
 * in their active workspace (features/workspaces/permissions.ts; see features/payroll/server/access.ts for which
 * connection a `companyId` or `importId` param means). Answers are the envelope of lib/http/envelope.ts.
 */
export interface PayrollRouteContext {
  connection: PayrollConnectionInfo;
  client: PayrollClient;
}

/**
 * What the connection's access check (./access.ts `payrollFor`) may answer on any payroll route,
 * besides the route's own codes: no connection for the person, or several reaching the company.
 */
const PAYROLL_ACCESS_ERRORS = ["not_connected", "conflict"] as const;

export function payrollRoute<
  P extends z.core.$ZodType | undefined = undefined,
  B extends z.core.$ZodType | undefined = undefined,
  Q extends z.core.$ZodType | undefined = undefined,
>(
  // `own`: the firm's clients may use the route for their own companies (features/workspaces/permissions.ts).
  options: Omit<RouteOptions<true, P, B, Q>, "auth"> & { permission: Permission; own?: OwnPermission },
  handler: (context: RouteHandlerContext<true, P, B, Q> & PayrollRouteContext) => Promise<Response>,
) {
  // The query is checked once the person may use the route and its object: a refusal must not depend on it.
  const { permission, own, query: querySchema, queryRefusal, errors, ...routeOptions } = options;
  const declared = errors ? [...errors, ...PAYROLL_ACCESS_ERRORS] : undefined;
  return withRoute<true, P, B>({ ...routeOptions, errors: declared }, async (context) => {
    const params = (context.params ?? {}) as { companyId?: unknown; importId?: unknown };
    const target = {
      companyId: typeof params.companyId === "string" ? params.companyId : undefined,
      importId: typeof params.importId === "string" ? params.importId : undefined,
    };
    const { connection, client } = await payrollFor(payrollActor(context.user), permission, target, own);
    // Read when the handler first asks: a company or import it cannot reach is refused (404) before its query is looked at.
    let query: { value: unknown } | undefined;
    const full = { ...context, connection, client } as RouteHandlerContext<true, P, B, Q> & PayrollRouteContext;
    Object.defineProperty(full, "query", {
      get: () =>
        (query ??= { value: querySchema ? parseQuery(querySchema, context.request, queryRefusal) : undefined }).value,
    });
    return handler(full);
  });
}

/** The company named by a route's `companyId`, checked against the connection before any call. */
export async function companyFromParam(context: PayrollRouteContext, companyId: string): Promise<CompanyRecord> {
  if (!/^\d{1,9}$/.test(companyId)) throw new PayrollCompanyNotReachableError();
  return requireCompany(context.connection.id, Number(companyId), context.client);
}
