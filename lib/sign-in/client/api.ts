import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { signInContract } from "../contract";

/** How the browser calls each route of ../contract.ts (lib/http/contract.test.ts compares the two). */
export const signInRoutes = {
  requestEmailLink: { method: "POST", path: "/api/sign-in/email", body: true },
  completeEmailLink: { method: "POST", path: "/api/sign-in/email/complete", body: true },
  listSessions: { method: "GET", path: "/api/sessions" },
  endSession: { method: "DELETE", path: "/api/sessions/:sessionId" },
  endOtherSessions: { method: "POST", path: "/api/sessions/sign-out-others" },
} as const satisfies RouteTable<typeof signInContract>;

/** E-mail sign-in and one's sessions as typed calls (lib/http/client/api-client.ts). */
export const signInApi = contractClient<typeof signInContract>(signInRoutes);
