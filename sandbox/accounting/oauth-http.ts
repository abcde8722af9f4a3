import { timingSafeEqual } from "node:crypto";
import { headerValue, json, mediaType } from "../core/http";
import type { SandboxRequest, SandboxResponse } from "../types";
import type { Client, ClientVersion } from "./clients";
import type { AccountingState } from "./state";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export interface OAuthFailure {
  status: number;
  error: string;
  description: string;
  headers?: Record<string, string>;
}

export function failure(
  status: number,
  error: string,
  description: string,
  headers?: Record<string, string>,
): OAuthFailure {
  return { status, error, description, ...(headers ? { headers } : {}) };
}

export function isFailure(value: unknown): value is OAuthFailure {
  return typeof value === "object" && value !== null && "error" in value && "status" in value;
}

/** RFC 6749 5.2 error body. */
export function oauthErrorResponse(f: OAuthFailure): SandboxResponse {
  return json(f.status, { error: f.error, error_description: f.description }, { ...NO_STORE, ...f.headers });
}

export function oauthJson(value: unknown): SandboxResponse {
  return json(200, value, NO_STORE);
}

/** Parses a form-urlencoded token/revoke request; repeated parameters are refused (RFC 6749 3.2). */
export function parseOAuthForm(req: SandboxRequest): URLSearchParams | OAuthFailure {
  if (req.method !== "POST") {
    return failure(405, "invalid_request", "Use POST.", { allow: "POST" });
  }
  if (mediaType(req.headers["content-type"]) !== "application/x-www-form-urlencoded") {
    return failure(400, "invalid_request", "The body must be application/x-www-form-urlencoded.");
  }
  const form = new URLSearchParams(req.body.toString("utf8"));
  const names = new Set(form.keys());
  for (const name of names) {
    if (form.getAll(name).length > 1) return failure(400, "invalid_request", `The parameter ${name} is repeated.`);
  }
  return form;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function decodeFormComponent(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * Client authentication by HTTP Basic (RFC 6749 2.3.1, form-encoded id and secret)
 * or by client_id/client_secret form fields; one method only.
 */
export function authenticateClient(
  req: SandboxRequest,
  form: URLSearchParams,
  state: AccountingState,
  version: ClientVersion,
  options: { secretRequired: boolean } = { secretRequired: true },
): Client | OAuthFailure {
  const authorization = headerValue(req.headers.authorization) ?? "";
  const basic = /^basic\s+(.+)$/i.exec(authorization);
  const challenge = basic ? { "www-authenticate": 'Basic realm="accounting-sandbox", charset="UTF-8"' } : undefined;
  const invalidClient = (description: string) => failure(401, "invalid_client", description, challenge);

  let clientId: string | undefined;
  let secret: string | undefined;
  if (basic) {
    const decoded = Buffer.from(basic[1] ?? "", "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return invalidClient("Malformed HTTP Basic credentials.");
    clientId = decodeFormComponent(decoded.slice(0, colon));
    secret = decodeFormComponent(decoded.slice(colon + 1));
    if (clientId === undefined || secret === undefined) return invalidClient("Malformed HTTP Basic credentials.");
    if (form.has("client_secret")) {
      return failure(400, "invalid_request", "Use one client authentication method, not HTTP Basic and client_secret.");
    }
    const formId = form.get("client_id");
    if (formId !== null && formId !== clientId) {
      return failure(400, "invalid_request", "client_id differs from the HTTP Basic credentials.");
    }
  } else {
    clientId = form.get("client_id") ?? undefined;
    secret = form.get("client_secret") ?? undefined;
    if (!clientId) return failure(400, "invalid_request", "client_id is required.");
  }
  const client = state.clients.find(clientId);
  if (!client || client.version !== version) return invalidClient("Unknown client.");
  if (secret === undefined) {
    if (options.secretRequired) return invalidClient("client_secret is required.");
    return client;
  }
  if (!safeEqual(secret, client.client_secret)) return invalidClient("Wrong client_secret.");
  return client;
}
