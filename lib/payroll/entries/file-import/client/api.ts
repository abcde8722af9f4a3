import { contractClient } from "@/lib/http/client/api-client";
import { fileImportContract } from "../contract";

/** The grid's file import routes as typed calls (lib/http/client/api-client.ts). */
export const fileImportApi = contractClient(fileImportContract);
