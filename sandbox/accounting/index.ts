import type { SandboxClock } from "../clock";
import type { FaultAnswer, Mount } from "../core/mount";
import type { SandboxStats } from "../stats";
import type { SandboxRequest, SandboxResponse } from "../types";
import { apiError } from "./api-errors";
import { handleAuthorize, type AuthorizeFlavor } from "./authorize";
import type { SeedClient } from "./clients";
import { apiFault, authorizePageFault, oauthEndpointFault } from "./faults";
import { handleLegacyRevoke, handleLegacyToken } from "./legacy-endpoints";
import type { LegacyRegion } from "./model";
import { businessHeader, handleApi } from "./resources";
import { AccountingState } from "./state";
import { handleRevoke, handleToken } from "./token-endpoint";

export const ACCOUNTING_PREFIX = "/accounting";
export const LEGACY_PREFIX = "/legacy";
export const API_PATH = "/v3.1";

const V31_FLAVOR: AuthorizeFlavor = {
  version: "v3.1",
  path: `${ACCOUNTING_PREFIX}/authorize`,
  countryCase: "upper",
  pkce: true,
};
const LEGACY_FLAVOR: AuthorizeFlavor = {
  version: "v3",
  path: `${LEGACY_PREFIX}/authorize`,
  countryCase: "lower",
  pkce: false,
};

/** Paths of the legacy token hosts below /legacy, as the spec gives them. */
const LEGACY_PATHS: Record<string, { region: LegacyRegion; action: "token" | "revoke" }> = {
  "/na/token": { region: "na", action: "token" },
  "/na/revoke": { region: "na", action: "revoke" },
  "/eu/token": { region: "eu", action: "token" },
  "/eu/revoke": { region: "eu", action: "revoke" },
  "/gb/oauth2/token": { region: "gb", action: "token" },
  "/gb/oauth2/revoke": { region: "gb", action: "revoke" },
};

/** Path below the authorization URL ("" for the URL itself), or undefined when elsewhere. */
function belowAuthorize(path: string): string | undefined {
  if (path === "/authorize") return "";
  return path.startsWith("/authorize/") ? path.slice("/authorize".length) : undefined;
}

function notFound(): SandboxResponse {
  return apiError(404, "RecordNotFound", "Resource not found.");
}

export interface AccountingService {
  state: AccountingState;
  accounting: Mount;
  legacy: Mount;
}

export function createAccountingService(options: {
  clock: SandboxClock;
  stats: SandboxStats;
  seedClients: SeedClient[];
  aggregationDelayMs: number;
}): AccountingService {
  const state = new AccountingState(options);

  const accounting: Mount = {
    prefix: ACCOUNTING_PREFIX,
    handle(req) {
      const authorizePath = belowAuthorize(req.path);
      if (authorizePath !== undefined) return handleAuthorize({ ...req, path: authorizePath }, state, V31_FLAVOR);
      if (req.path === "/oauth/token") return handleToken(req, state);
      if (req.path === "/oauth/revoke") return handleRevoke(req, state);
      if (req.path === API_PATH || req.path.startsWith(`${API_PATH}/`)) {
        return handleApi({ ...req, path: req.path.slice(API_PATH.length) || "/" }, state);
      }
      return notFound();
    },
    faultResponse(req: SandboxRequest, fault: FaultAnswer) {
      const authorizePath = belowAuthorize(req.path);
      if (authorizePath !== undefined) return authorizePageFault({ ...req, path: authorizePath }, state, fault);
      if (req.path.startsWith("/oauth/")) return oauthEndpointFault(fault);
      return apiFault(fault, businessHeader(req, state));
    },
  };

  const legacy: Mount = {
    prefix: LEGACY_PREFIX,
    handle(req) {
      const authorizePath = belowAuthorize(req.path);
      if (authorizePath !== undefined) return handleAuthorize({ ...req, path: authorizePath }, state, LEGACY_FLAVOR);
      const endpoint = LEGACY_PATHS[req.path];
      if (!endpoint) return notFound();
      return endpoint.action === "token"
        ? handleLegacyToken(req, state, endpoint.region)
        : handleLegacyRevoke(req, state, endpoint.region);
    },
    faultResponse(req: SandboxRequest, fault: FaultAnswer) {
      const authorizePath = belowAuthorize(req.path);
      if (authorizePath !== undefined) return authorizePageFault({ ...req, path: authorizePath }, state, fault);
      return oauthEndpointFault(fault);
    },
  };

  return { state, accounting, legacy };
}
