import { contractClient } from "@/lib/http/client/api-client";
import type { datevBulkContract } from "../contract";
import { datevBulkRoutes } from "../routes";

/** The bulk export's routes as typed calls (lib/http/client/api-client.ts). */
export const datevBulkApi = contractClient<typeof datevBulkContract>(datevBulkRoutes);

/** Where the run's ZIP is downloaded (a link: the browser saves the attachment). */
export const bulkZipHref = (id: string) => `/api/datev/bulk-exports/${encodeURIComponent(id)}/zip`;
