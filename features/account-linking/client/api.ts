import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { accountLinkingContract } from "../contract";

/** How the browser calls each route of ../contract.ts (lib/http/contract.test.ts compares the two). */
export const accountLinkingRoutes = {
  addSignInEmail: { method: "POST", path: "/api/account/email", body: true },
  verifySignInEmail: { method: "POST", path: "/api/account/email/verify", body: true },
  confirmLink: { method: "POST", path: "/api/account/links/:linkId/confirm" },
  cancelLink: { method: "POST", path: "/api/account/links/:linkId/cancel" },
} as const satisfies RouteTable<typeof accountLinkingContract>;

/** Adding a sign-in e-mail and linking an accounting account as typed calls. */
export const accountLinkingApi = contractClient<typeof accountLinkingContract>(accountLinkingRoutes);
