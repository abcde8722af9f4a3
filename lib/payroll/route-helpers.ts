import "server-only";
import type { z } from "zod";
import { withRoute, type RouteHandlerContext, type RouteOptions } from "@/lib/http/route";
import type { PayrollClient } from "./client";
import { requireCompany, type CompanyRecord } from "./companies";
import { payrollFor, type PayrollConnectionInfo } from "./connection";
import { PayrollCompanyNotReachableError } from "./errors";

/**
 * `/api/payroll/**` and `/api/payroll-entries/**` handlers: `withRoute` (session, params, body,
 * the one error mapping: see lib/http/route.ts) plus the person's payroll connection and client.
 * Answers are the envelope of lib/http/envelope.ts.
 */
export interface PayrollRouteContext {
  connection: PayrollConnectionInfo;
  client: PayrollClient;
}

export function payrollRoute<P extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  options: Omit<RouteOptions<true, P, B>, "auth">,
  handler: (context: RouteHandlerContext<true, P, B> & PayrollRouteContext) => Promise<Response>,
) {
  return withRoute<true, P, B>(options, async (context) => {
    const { connection, client } = await payrollFor(context.user.id);
    return handler({ ...context, connection, client });
  });
}

/** The company named by a route's `companyId`, checked against the connection before any call. */
export async function companyFromParam(context: PayrollRouteContext, companyId: string): Promise<CompanyRecord> {
  if (!/^\d{1,9}$/.test(companyId)) throw new PayrollCompanyNotReachableError();
  return requireCompany(context.connection.id, Number(companyId), context.client);
}
