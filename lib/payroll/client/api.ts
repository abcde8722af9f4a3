import { contractClient } from "@/lib/http/client/api-client";
import { payrollContract } from "../contract";

/** The payroll routes as typed calls (lib/http/client/api-client.ts). */
export const payrollApi = contractClient(payrollContract);
