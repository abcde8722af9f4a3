import type { SandboxResponse } from "../types";

export function json(status: number, value: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(value),
  };
}

export function html(status: number, page: string, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
    body: page,
  };
}

export function redirect(location: string): SandboxResponse {
  return { status: 302, headers: { location, "cache-control": "no-store" } };
}

export function noContent(): SandboxResponse {
  return { status: 204 };
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | string[] | undefined): string {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
