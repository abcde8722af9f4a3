import type { AccountingState } from "./accounting/state";
import { ACCOUNTING_PREFIX, API_PATH } from "./accounting";
import { headerValue } from "./core/http";
import { PAYROLL_PREFIX } from "./discovery";
import type { Credential } from "./limits";
import type { SandboxRequest } from "./types";

function bearer(req: SandboxRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headerValue(req.headers.authorization) ?? "")?.[1];
}

/** The v3.1 token endpoint's request: counted for the grant's owner (code or refresh token), else the client. */
function tokenRequestCredential(req: SandboxRequest, state: AccountingState): Credential | undefined {
  const form = new URLSearchParams(req.body.toString("utf8"));
  const grant =
    form.get("grant_type") === "refresh_token"
      ? state.tokens.findRefresh(form.get("refresh_token") ?? "")
      : state.tokens.findCode(form.get("code") ?? "");
  if (grant) return { service: "accounting", label: `accounting:${grant.clientId}:${grant.userId}` };
  const clientId = form.get("client_id");
  return clientId ? { service: "accounting", label: `accounting:${clientId}` } : undefined;
}

/**
 * Whom a request to an emulated service is counted for (GET /control/stats `per_minute`)
 * and limited for (POST /control/limits): the payroll API key, or the accounting grant
 * (client and user) behind a v3.1 access or refresh token. Requests without a credential
 * (authorization pages, unknown tokens) and the legacy endpoints are neither counted nor limited.
 */
export function credentialOf(
  mountPrefix: string,
  req: SandboxRequest,
  accounting: AccountingState,
): Credential | undefined {
  if (mountPrefix === PAYROLL_PREFIX) {
    const key = bearer(req);
    return key ? { service: "payroll", label: `payroll:${key}` } : undefined;
  }
  if (mountPrefix !== ACCOUNTING_PREFIX) return undefined;
  if (req.path === "/oauth/token") return tokenRequestCredential(req, accounting);
  if (req.path === API_PATH || req.path.startsWith(`${API_PATH}/`)) {
    const token = accounting.tokens.findAccess(bearer(req) ?? "");
    return token ? { service: "accounting", label: `accounting:${token.clientId}:${token.userId}` } : undefined;
  }
  return undefined;
}
