import type { ApiErrorCode } from "@/lib/http/envelope";

/** The proxy's answer (see features/accounting/server/proxy.ts), for code in the browser. */
export interface ProxyBusinessInfo {
  sent: string | null;
  expected: string | null;
  received: string | null;
  changed: boolean;
}

/**
 * `code` is one of lib/http/envelope.ts's codes: show its translated text
 * (components/ui/error-text.ts `errorMessage`); `message` is an English fallback.
 * `detail` and `details` carry the service's own code and text, never shown as the message.
 */
export interface ProxyErrorBody {
  code: ApiErrorCode;
  message: string;
  detail?: string;
  fields: Record<string, string>;
  details: { code: string; message: string; source: string }[];
  retryAt?: string;
  requestId?: string;
}

export type ProxyAnswer<T> =
  | { ok: true; status: number; business: ProxyBusinessInfo | null; data: T }
  | { ok: false; status: number; business: ProxyBusinessInfo | null; error: ProxyErrorBody };

/** Calls the accounting API through the app's proxy; never throws for HTTP errors. */
export async function callAccounting<T>(
  method: "GET" | "PUT" | "POST" | "DELETE",
  path: string,
  options: { body?: unknown; business?: string } = {},
): Promise<ProxyAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.business) headers["x-business"] = options.business;
  try {
    const response = await fetch(`/api/accounting${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
    const answer = (await response.json()) as ProxyAnswer<T>;
    // proxy.ts's own refusals (cross-site) carry no fields or details.
    if (!answer.ok)
      answer.error = { ...answer.error, fields: answer.error.fields ?? {}, details: answer.error.details ?? [] };
    return answer;
  } catch {
    return { ok: false, status: 0, business: null, error: { code: "network", message: "", fields: {}, details: [] } };
  }
}
