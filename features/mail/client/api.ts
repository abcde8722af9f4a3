import { contractClient } from "@/lib/http/client/api-client";
import type { mailContract } from "../contract";
import { mailRoutes } from "../routes";

/** The routes of ../routes.ts as typed calls (lib/http/client/api-client.ts), without the contract's zod. */
export const mailApi = contractClient<typeof mailContract>(mailRoutes);
