import { contractClient } from "@/lib/http/client/api-client";
import type { remindersContract } from "../contract";
import { remindersRoutes } from "../routes";

/** The routes of ../routes.ts as typed calls (lib/http/client/api-client.ts), without the contract's zod. */
export const remindersApi = contractClient<typeof remindersContract>(remindersRoutes);
