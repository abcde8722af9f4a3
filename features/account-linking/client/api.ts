import { contractClient } from "@/lib/http/client/api-client";
import type { accountLinkingContract } from "../contract";
import { accountLinkingRoutes } from "../routes";

/** Adding a sign-in e-mail and linking an accounting account as typed calls. */
export const accountLinkingApi = contractClient<typeof accountLinkingContract>(accountLinkingRoutes);
