import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** A validation code of the employee schema (`code` or `code:argument`) as text for people. */
export function problemText(t: Translate, code: string): string {
  const colon = code.indexOf(":");
  const name = colon < 0 ? code : code.slice(0, colon);
  const arg = colon < 0 ? "" : code.slice(colon + 1);
  const key = `payroll.validation.${name}` as MessageKey;
  return t.has(key) ? t(key, { arg }) : code;
}

/** POST/PUT/DELETE to the app's payroll API; the answer's JSON (never throws for HTTP errors). */
export async function sendJson<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; data: T & { ok: boolean; error?: { code: string; message: string; fields?: Record<string, string> } } }> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = { ok: false, error: { code: "invalid_answer", message: String(response.status) } };
  }
  return { status: response.status, data: data as T & { ok: boolean; error?: { code: string; message: string; fields?: Record<string, string> } } };
}
