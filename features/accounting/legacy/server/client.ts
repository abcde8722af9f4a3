import "server-only";
import { upstreamRequest, type UpstreamRequest, type UpstreamResponse } from "@/lib/http/server/upstream";

export interface LegacyTokens {
  get: () => Promise<string>;
  /** Renews after the service refused `stale` (401); answers the new access token. */
  renew: (stale: string) => Promise<string>;
}

export interface LegacyClientOptions {
  /** The connection's `resource_owner_id`, sent as `X-Site`. */
  site: string;
  tokens: LegacyTokens;
  timeoutMs: number;
  send?: (request: UpstreamRequest) => Promise<UpstreamResponse>;
}

/**
 * Requests on a legacy v3 connection: `Authorization: Bearer` and `X-Site`
 * (spec section 5.3), one renewal and one retry after a 401. The legacy
 * resource paths are not specified, so callers pass absolute URLs.
 */
export class LegacyClient {
  constructor(private readonly options: LegacyClientOptions) {}

  headers(accessToken: string): Record<string, string> {
    return { authorization: `Bearer ${accessToken}`, "x-site": this.options.site, accept: "application/json" };
  }

  async send(request: { method: UpstreamRequest["method"]; url: string; body?: unknown }): Promise<UpstreamResponse> {
    const send = this.options.send ?? upstreamRequest;
    const attempt = (token: string) =>
      send({
        method: request.method,
        url: request.url,
        headers: {
          ...this.headers(token),
          ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        timeoutMs: this.options.timeoutMs,
      });
    const token = await this.options.tokens.get();
    const response = await attempt(token);
    if (response.status !== 401) return response;
    return attempt(await this.options.tokens.renew(token));
  }
}
