import { contractClient } from "@/lib/http/client/api-client";
import type { payrollContract } from "../contract";
import { payrollRoutes } from "../routes";

/** The payroll routes as typed calls (lib/http/client/api-client.ts). */
export const payrollApi = contractClient<typeof payrollContract>(payrollRoutes);
