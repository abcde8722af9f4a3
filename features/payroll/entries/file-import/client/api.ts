import { contractClient } from "@/lib/http/client/api-client";
import type { fileImportContract } from "../contract";
import { fileImportRoutes } from "../routes";

/** The grid's file import routes as typed calls (lib/http/client/api-client.ts). */
export const fileImportApi = contractClient<typeof fileImportContract>(fileImportRoutes);
