import { contractClient } from "@/lib/http/client/api-client";
import type { signInContract } from "../contract";
import { signInRoutes } from "../routes";

/** E-mail sign-in and one's sessions as typed calls (lib/http/client/api-client.ts). */
export const signInApi = contractClient<typeof signInContract>(signInRoutes);
