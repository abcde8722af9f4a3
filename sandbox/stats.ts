import type { LegacyRegion } from "./accounting/model";

function regionCounts(): Record<LegacyRegion, number> {
  return { na: 0, eu: 0, gb: 0 };
}

/** Counters since the last reset (GET /control/stats). */
export class SandboxStats {
  /** Requests to the emulated services; control and discovery requests are not counted. */
  requests = 0;
  /** v3.1 token requests received, by grant_type (failed ones included). */
  token = { authorization_code: 0, refresh_token: 0 };
  /** v3.1 revoke requests received. */
  revoke = 0;
  /** v3.1 authorization page requests (GET of the authorization URL). */
  authorize = 0;
  legacy_token = regionCounts();
  legacy_revoke = regionCounts();
  legacy_authorize = 0;
  /** v3.1 resource requests (below base_url). */
  api = 0;
  payroll = 0;
  faults_injected = 0;

  reset(): void {
    this.requests = 0;
    this.token = { authorization_code: 0, refresh_token: 0 };
    this.revoke = 0;
    this.authorize = 0;
    this.legacy_token = regionCounts();
    this.legacy_revoke = regionCounts();
    this.legacy_authorize = 0;
    this.api = 0;
    this.payroll = 0;
    this.faults_injected = 0;
  }

  toJSON(): Record<string, unknown> {
    return {
      token: { ...this.token },
      revoke: this.revoke,
      requests: this.requests,
      authorize: this.authorize,
      legacy_token: { ...this.legacy_token },
      legacy_revoke: { ...this.legacy_revoke },
      legacy_authorize: this.legacy_authorize,
      api: this.api,
      payroll: this.payroll,
      faults_injected: this.faults_injected,
    };
  }
}
