import { headerValue, json, mediaType } from "../core/http";
import type { SandboxRequest, SandboxResponse } from "../types";
import { apiError, apiErrors, errorItem, type ApiErrorItem } from "./api-errors";
import { businessBody, ledgerAccountBody, userBody } from "./bodies";
import { parseDay } from "./days";
import { TIER_NAMES, type BusinessRecord, type UserRecord } from "./model";
import { listPage } from "./pagination";
import { RESTRICTED_GROUPS, groupItems } from "./restricted-groups";
import type { AccountingState } from "./state";
import type { AccessToken } from "./tokens";

interface ApiContext {
  req: SandboxRequest;
  state: AccountingState;
  token: AccessToken;
  user: UserRecord;
  business: BusinessRecord;
  /** Headers every answer carries (X-Business). */
  headers: Record<string, string>;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

function methodNotAllowed(allowed: string[], headers: Record<string, string>): SandboxResponse {
  return apiError(405, "MethodNotAllowed", `Allowed methods: ${allowed.join(", ")}.`, "", {
    ...headers,
    allow: allowed.join(", "),
  });
}

function notFound(headers: Record<string, string>, what = "Resource"): SandboxResponse {
  return apiError(404, "RecordNotFound", `${what} not found.`, "", headers);
}

function reachable(state: AccountingState, user: UserRecord, id: string): BusinessRecord | undefined {
  return user.business_ids.includes(id) ? state.businesses.get(id) : undefined;
}

/** Content type, scope and JSON parsing for PUT bodies; the parsed body or an error answer. */
function readWrite(ctx: ApiContext): unknown {
  if (mediaType(ctx.req.headers["content-type"]) !== "application/json") {
    return apiError(
      415,
      "UnsupportedMediaType",
      "Request bodies must be application/json.",
      "Content-Type",
      ctx.headers,
    );
  }
  if (ctx.token.scope !== "full_access") {
    return apiError(
      403,
      "InsufficientScope",
      "The access token is read-only (scope readonly); changes need full_access.",
      "",
      ctx.headers,
    );
  }
  try {
    return { parsed: JSON.parse(ctx.req.body.toString("utf8")) as unknown };
  } catch {
    return apiError(400, "InvalidJson", "The request body is not valid JSON.", "", ctx.headers);
  }
}

function isResponse(value: unknown): value is SandboxResponse {
  return typeof value === "object" && value !== null && "status" in value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{ <wrapper>: { ... } }` with only `allowed` string attributes; validation errors per attribute. */
function attributes(
  body: unknown,
  wrapper: string,
  allowed: Record<string, (value: string) => string | undefined>,
): Record<string, string> | ApiErrorItem[] {
  if (!isRecord(body) || !isRecord(body[wrapper])) {
    return [errorItem("RecordInvalid", `Attributes must be nested in a "${wrapper}" object.`, wrapper)];
  }
  const errors: ApiErrorItem[] = [];
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(body[wrapper])) {
    const check = allowed[name];
    if (!check) {
      errors.push(errorItem("RecordInvalid", `${name} cannot be changed through the API.`, name));
    } else if (typeof value !== "string") {
      errors.push(errorItem("RecordInvalid", `${name} must be a string.`, name));
    } else {
      const problem = check(value);
      if (problem) errors.push(errorItem("RecordInvalid", `${name} ${problem}`, name));
      else values[name] = value;
    }
  }
  return errors.length > 0 ? errors : values;
}

const maxLength = (limit: number) => (value: string) =>
  value.length > limit ? `is too long (at most ${limit} characters).` : undefined;

const BUSINESS_ATTRIBUTES: Record<string, (value: string) => string | undefined> = {
  address_line_1: maxLength(100),
  mobile: (value) =>
    value.length > 30
      ? "is too long (at most 30 characters)."
      : /^[0-9+()\-.\s]*$/.test(value)
        ? undefined
        : "is not a phone number.",
  website: (value) => {
    if (value === "") return undefined;
    if (value.length > 255) return "is too long (at most 255 characters).";
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:" ? undefined : "must be an http or https URL.";
    } catch {
      return "must be a URL.";
    }
  },
};

const USER_ATTRIBUTES: Record<string, (value: string) => string | undefined> = {
  last_name: (value) => (value.trim() === "" ? "can't be blank." : maxLength(100)(value)),
};

function businesses(ctx: ApiContext, segments: string[]): SandboxResponse {
  const { req, state, user, headers } = ctx;
  const owner = (business: BusinessRecord) => state.users.get(business.owner_id);
  const render = (business: BusinessRecord) => businessBody(business, user, owner(business));
  if (segments.length === 0) {
    if (req.method !== "GET") return methodNotAllowed(["GET"], headers);
    const records = user.business_ids.flatMap((id) => state.businesses.get(id) ?? []);
    const page = listPage("/businesses", req.query, records, render, headers);
    return "page" in page ? json(200, page.page, headers) : page.error;
  }
  const [id] = segments;
  if (segments.length > 1 || !id) return notFound(headers);
  if (id === "lead") {
    if (req.method !== "GET") return methodNotAllowed(["GET"], headers);
    const lead = state.businesses.get(user.lead_business_id);
    return lead ? json(200, render(lead), headers) : notFound(headers, "Business");
  }
  if (req.method !== "GET" && req.method !== "PUT") return methodNotAllowed(["GET", "PUT"], headers);
  const business = reachable(state, user, id);
  if (!business) return notFound(headers, "Business");
  if (req.method === "GET") return json(200, render(business), headers);
  const body = readWrite(ctx);
  if (isResponse(body)) return body;
  if (business.owner_id !== user.id) {
    return apiError(403, "Forbidden", "Only the business owner can change business details.", "", headers);
  }
  const changes = attributes((body as { parsed: unknown }).parsed, "business", BUSINESS_ATTRIBUTES);
  if (Array.isArray(changes)) return apiErrors(422, changes, headers);
  Object.assign(business, changes, { updated_at: state.clock.now().toISOString() });
  return json(200, render(business), headers);
}

function currentUser(ctx: ApiContext, segments: string[]): SandboxResponse {
  const { req, state, user, headers } = ctx;
  if (segments.length > 0) return notFound(headers);
  if (req.method === "GET") return json(200, userBody(user), headers);
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"], headers);
  const body = readWrite(ctx);
  if (isResponse(body)) return body;
  const changes = attributes((body as { parsed: unknown }).parsed, "user", USER_ATTRIBUTES);
  if (Array.isArray(changes)) return apiErrors(422, changes, headers);
  Object.assign(user, changes, { updated_at: state.clock.now().toISOString() });
  return json(200, userBody(user), headers);
}

/**
 * Both dates are required (the spec does not show defaults); each must be a real
 * `YYYY-MM-DD` date and from_date may not be after to_date.
 */
function trialBalance(ctx: ApiContext, segments: string[]): SandboxResponse {
  const { req, state, business, headers } = ctx;
  if (segments.length > 0) return notFound(headers);
  if (req.method !== "GET") return methodNotAllowed(["GET"], headers);
  const errors: ApiErrorItem[] = [];
  const day = (name: "from_date" | "to_date") => {
    const raw = req.query.get(name);
    if (raw === null || raw === "") {
      errors.push(errorItem("RecordInvalid", `${name} is required (YYYY-MM-DD).`, name));
      return undefined;
    }
    const parsed = parseDay(raw);
    if (parsed === undefined)
      errors.push(errorItem("RecordInvalid", `${name} is not a valid date (YYYY-MM-DD).`, name));
    return parsed;
  };
  const from = day("from_date");
  const to = day("to_date");
  if (from !== undefined && to !== undefined && from > to) {
    errors.push(errorItem("RecordInvalid", "from_date must not be after to_date.", "from_date"));
  }
  if (errors.length > 0 || from === undefined || to === undefined) return apiErrors(422, errors, headers);
  const ledger = state.visibleLedger(business.id);
  if (!ledger) return notFound(headers, "Ledger");
  return {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: ledger.trialBalance(from, to),
  };
}

function ledgerAccounts(ctx: ApiContext, segments: string[]): SandboxResponse {
  const { req, state, business, headers } = ctx;
  if (req.method !== "GET") return methodNotAllowed(["GET"], headers);
  const ledger = state.ledgers.get(business.id);
  if (!ledger) return notFound(headers);
  if (segments.length === 0) {
    const page = listPage("/ledger_accounts", req.query, ledger.accounts, ledgerAccountBody, headers);
    return "page" in page ? json(200, page.page, headers) : page.error;
  }
  const index = segments.length === 1 ? ledger.accountIndex(segments[0] ?? "") : undefined;
  const account = index === undefined ? undefined : ledger.accounts[index];
  return account ? json(200, ledgerAccountBody(account), headers) : notFound(headers, "Ledger account");
}

function restrictedGroup(ctx: ApiContext, resource: string, group: string, segments: string[]): SandboxResponse {
  const { req, business, headers } = ctx;
  if (business.tier === "standard") {
    return apiError(
      403,
      "FeatureNotAvailable",
      `${group} is not available in ${TIER_NAMES[business.tier]}; upgrade to ${TIER_NAMES.plus}.`,
      group,
      headers,
    );
  }
  if (req.method !== "GET") return methodNotAllowed(["GET"], headers);
  const items = groupItems(group, business);
  if (segments.length === 0) {
    const page = listPage(`/${resource}`, req.query, items, (item) => item, headers);
    return "page" in page ? json(200, page.page, headers) : page.error;
  }
  const item = segments.length === 1 ? items.find((entry) => entry.id === segments[0]) : undefined;
  return item ? json(200, item, headers) : notFound(headers);
}

function authenticate(req: SandboxRequest, state: AccountingState): AccessToken | SandboxResponse {
  const match = /^Bearer\s+(\S+)$/i.exec(headerValue(req.headers.authorization) ?? "");
  const token = match?.[1] ? state.tokens.liveAccess(match[1], state.nowMs()) : undefined;
  if (!token || token.version !== "v3.1") {
    return apiError(401, "Unauthorized", "The access token is missing, invalid or expired.", "", {
      "www-authenticate": 'Bearer realm="accounting-sandbox", error="invalid_token"',
    });
  }
  return token;
}

/** The X-Business header an answer to `req` would carry (none when the token is not valid). */
export function businessHeader(req: SandboxRequest, state: AccountingState): Record<string, string> {
  const token = authenticate(req, state);
  const user = isResponse(token) ? undefined : state.users.get(token.userId);
  if (!user) return {};
  const requested = headerValue(req.headers["x-business"]);
  return { "x-business": requested && reachable(state, user, requested) ? requested : user.lead_business_id };
}

/** Everything below {base_url} (/v3.1); `req.path` like "/businesses/lead". */
export function handleApi(req: SandboxRequest, state: AccountingState): SandboxResponse {
  state.stats.api++;
  const token = authenticate(req, state);
  if (isResponse(token)) return token;
  const user = state.users.get(token.userId);
  if (!user) return apiError(401, "Unauthorized", "The user of this token no longer exists.");
  const requested = headerValue(req.headers["x-business"]);
  const business = requested ? reachable(state, user, requested) : state.businesses.get(user.lead_business_id);
  if (!business) {
    return apiError(
      403,
      "InvalidBusiness",
      "The X-Business header names a business this user cannot reach.",
      "X-Business",
      {
        "x-business": user.lead_business_id,
      },
    );
  }
  const headers = { "x-business": business.id };
  const ctx: ApiContext = { req, state, token, user, business, headers };
  if (
    BODY_METHODS.has(req.method) &&
    req.body.length > 0 &&
    mediaType(req.headers["content-type"]) !== "application/json"
  ) {
    return apiError(415, "UnsupportedMediaType", "Request bodies must be application/json.", "Content-Type", headers);
  }
  const [resource = "", ...segments] = req.path.split("/").filter((part) => part !== "");
  switch (resource) {
    case "businesses":
      return businesses(ctx, segments);
    case "user":
      return currentUser(ctx, segments);
    case "trial_balance":
      return trialBalance(ctx, segments);
    case "ledger_accounts":
      return ledgerAccounts(ctx, segments);
    default: {
      const group = RESTRICTED_GROUPS[resource];
      return group ? restrictedGroup(ctx, resource, group, segments) : notFound(headers);
    }
  }
}
