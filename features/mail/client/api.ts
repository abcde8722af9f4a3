import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { mailContract } from "../contract";

/** How the browser calls ../contract.ts's route (checked against it by lib/http/contract.test.ts). */
export const mailRoutes = {
  unsubscribe: { method: "POST", path: "/api/mail/unsubscribe/:token" },
} as const satisfies RouteTable<typeof mailContract>;

export const mailApi = contractClient<typeof mailContract>(mailRoutes);
