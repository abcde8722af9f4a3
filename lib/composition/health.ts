import "server-only";
import { withRoute } from "@/lib/http/server/route";
import { healthResponse } from "@/lib/health/answers";
import { readyResponse } from "./probes";

/** The probes as routes (app/api/health, app/api/ready): ./probes.ts. */
export const getHealth = withRoute({ auth: false }, async () => healthResponse());
export const getReady = withRoute({ auth: false }, readyResponse);
