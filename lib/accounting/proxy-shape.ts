/** The proxy's answer (see lib/accounting/proxy.ts), for code in the browser. */
export interface ProxyBusinessInfo {
  sent: string | null;
  expected: string | null;
  received: string | null;
  changed: boolean;
}

export interface ProxyErrorBody {
  code: string;
  message: string;
  fields: Record<string, string>;
  details: { code: string; message: string; source: string }[];
  retryAt?: string;
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
    return (await response.json()) as ProxyAnswer<T>;
  } catch {
    return { ok: false, status: 0, business: null, error: { code: "network", message: "", fields: {}, details: [] } };
  }
}
