import { accountingFixtures } from "./fixtures";
import type { ClientVersion, GrantType } from "./clients";
import { formatDay, parseDay } from "./days";
import { TIER_NAMES, type JournalLine } from "./model";
import { parseAmount } from "./money";
import type { AccountingState } from "./state";

export type ControlResult = { status: number; body: unknown };

const problem = (status: number, error: string, details?: string[]): ControlResult => ({
  status,
  body: details ? { error, details } : { error },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** POST /control/clients */
export function registerClient(state: AccountingState, body: unknown): ControlResult {
  if (!isRecord(body)) return problem(422, "the body must be a JSON object");
  const details: string[] = [];
  const name = body.name ?? "Registered app";
  if (typeof name !== "string" || name.trim() === "") details.push("name must be a non-empty string");
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) details.push("redirect_uris must be a non-empty array");
  else {
    for (const uri of uris) {
      let ok = false;
      try {
        const url = typeof uri === "string" ? new URL(uri) : undefined;
        ok = !!url && (url.protocol === "http:" || url.protocol === "https:") && url.hash === "";
      } catch {
        ok = false;
      }
      if (!ok) details.push(`redirect_uri ${JSON.stringify(uri)} must be an absolute http(s) URL without fragment`);
    }
  }
  const version = body.version ?? "v3.1";
  if (version !== "v3.1" && version !== "v3") details.push('version must be "v3.1" or "v3"');
  const grantTypes = body.grant_types;
  if (
    grantTypes !== undefined &&
    (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token"))
  ) {
    details.push("grant_types must list authorization_code and/or refresh_token");
  }
  if (details.length > 0) return problem(422, "invalid registration", details);
  const client = state.clients.register({
    name: String(name),
    redirect_uris: (uris as string[]).slice(),
    version: version as ClientVersion,
    ...(grantTypes ? { grant_types: grantTypes as GrantType[] } : {}),
  });
  return {
    status: 201,
    body: { client_id: client.client_id, client_secret: client.client_secret, version: client.version },
  };
}

/** The users part of GET /control/fixtures (the seed, not later changes). */
export function fixtureUsers() {
  const fixtures = accountingFixtures();
  const byId = new Map(fixtures.businesses.map((business) => [business.id, business]));
  return fixtures.users.map((user) => ({
    id: user.id,
    email: user.email,
    password: user.password,
    name: `${user.first_name} ${user.last_name}`,
    businesses: user.business_ids.flatMap((id) => {
      const business = byId.get(id);
      if (!business) return [];
      return [
        {
          id: business.id,
          name: business.name,
          owner: business.owner_id === user.id,
          lead: user.lead_business_id === id,
          country: business.country,
          tier: business.tier,
          tier_name: TIER_NAMES[business.tier],
          ledger_accounts: fixtures.ledgers.get(id)?.accounts.length ?? 0,
        },
      ];
    }),
  }));
}

let journalCounter = 0;

/** POST /control/journals: a balanced journal, visible after the aggregation delay. */
export function postJournal(state: AccountingState, body: unknown): ControlResult {
  if (!isRecord(body)) return problem(422, "the body must be a JSON object");
  const businessId = typeof body.business_id === "string" ? body.business_id : "";
  const ledger = state.ledgers.get(businessId);
  if (!ledger) return problem(404, `unknown business_id ${JSON.stringify(body.business_id)}`);
  const details: string[] = [];
  const day = typeof body.date === "string" ? parseDay(body.date) : undefined;
  if (day === undefined) details.push("date must be a YYYY-MM-DD date");
  const lines: JournalLine[] = [];
  if (!Array.isArray(body.lines) || body.lines.length < 2) {
    details.push("lines must be an array of at least two lines");
  } else {
    body.lines.forEach((line: unknown, index) => {
      if (!isRecord(line)) return void details.push(`lines[${index}] must be an object`);
      const account =
        typeof line.ledger_account_id === "string" ? ledger.accountIndex(line.ledger_account_id) : undefined;
      if (account === undefined) details.push(`lines[${index}].ledger_account_id is not an account of this business`);
      const debit = line.debit === undefined ? 0 : parseAmount(line.debit);
      const credit = line.credit === undefined ? 0 : parseAmount(line.credit);
      if (debit === undefined)
        details.push(`lines[${index}].debit must be a non-negative amount with at most 2 decimals`);
      if (credit === undefined)
        details.push(`lines[${index}].credit must be a non-negative amount with at most 2 decimals`);
      if (account !== undefined && debit !== undefined && credit !== undefined) {
        lines.push({ day: day ?? 0, account, debit, credit });
      }
    });
  }
  const debits = lines.reduce((sum, line) => sum + line.debit, 0);
  const credits = lines.reduce((sum, line) => sum + line.credit, 0);
  if (details.length === 0 && debits !== credits)
    details.push(`the journal does not balance (debits ${debits / 100}, credits ${credits / 100})`);
  if (details.length === 0 && debits === 0) details.push("the journal has no amounts");
  if (details.length > 0 || day === undefined) return problem(422, "invalid journal", details);
  const visibleAtMs = state.nowMs() + state.aggregationDelayMs;
  ledger.post(lines, visibleAtMs);
  journalCounter++;
  return {
    status: 201,
    body: {
      id: `journal-${journalCounter}`,
      business_id: businessId,
      date: formatDay(day),
      visible_at: new Date(visibleAtMs).toISOString(),
    },
  };
}

/** POST /control/settings */
export function updateSettings(state: AccountingState, body: unknown): ControlResult {
  if (!isRecord(body)) return problem(422, "the body must be a JSON object");
  const delay = body.aggregation_delay_ms;
  if (delay !== undefined) {
    if (typeof delay !== "number" || !Number.isInteger(delay) || delay < 0) {
      return problem(422, "aggregation_delay_ms must be a non-negative integer");
    }
    state.aggregationDelayMs = delay;
  }
  return { status: 200, body: { aggregation_delay_ms: state.aggregationDelayMs } };
}

/** POST /control/lead: moves a user's lead business (the spec's "edge case"). */
export function changeLead(state: AccountingState, body: unknown): ControlResult {
  if (!isRecord(body)) return problem(422, "the body must be a JSON object");
  const user = typeof body.user_id === "string" ? state.users.get(body.user_id) : undefined;
  if (!user) return problem(404, "unknown user_id");
  const businessId = typeof body.business_id === "string" ? body.business_id : "";
  if (!user.business_ids.includes(businessId)) return problem(422, "the user cannot reach that business");
  user.lead_business_id = businessId;
  return { status: 200, body: { user_id: user.id, lead_business_id: businessId } };
}
