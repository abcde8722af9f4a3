import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { remindersContract } from "../contract";

/** How the browser calls ../contract.ts's route (checked against it by lib/http/contract.test.ts). */
export const remindersRoutes = {
  setDays: { method: "PUT", path: "/api/workspaces/:workspaceId/reminders", body: true },
} as const satisfies RouteTable<typeof remindersContract>;

export const remindersApi = contractClient<typeof remindersContract>(remindersRoutes);
