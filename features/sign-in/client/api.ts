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
  confirmationMethods: { method: "GET", path: "/api/sessions/confirm" },
  confirmPasskeyOptions: { method: "POST", path: "/api/sessions/confirm/passkey/options" },
  confirmWithPasskey: { method: "POST", path: "/api/sessions/confirm/passkey", body: true },
  sendConfirmationCode: { method: "POST", path: "/api/sessions/confirm/email-code" },
  confirmWithCode: { method: "POST", path: "/api/sessions/confirm/email-code/verify", body: true },
} as const satisfies RouteTable<typeof signInContract>;

/** E-mail sign-in and one's sessions as typed calls (lib/http/client/api-client.ts). */
export const signInApi = contractClient<typeof signInContract>(signInRoutes);
