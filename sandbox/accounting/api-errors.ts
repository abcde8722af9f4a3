import { json } from "../core/http";
import type { SandboxResponse } from "../types";

/** The real service's error shape: a JSON array of `{$severity, $dataCode, $message, $source}`. */
export interface ApiErrorItem {
  $severity: "error";
  $dataCode: string;
  $message: string;
  $source: string;
}

export function apiErrors(
  status: number,
  items: ApiErrorItem[],
  headers: Record<string, string> = {},
): SandboxResponse {
  return json(status, items, headers);
}

export function apiError(
  status: number,
  dataCode: string,
  message: string,
  source = "",
  headers: Record<string, string> = {},
): SandboxResponse {
  return apiErrors(status, [errorItem(dataCode, message, source)], headers);
}

export function errorItem(dataCode: string, message: string, source = ""): ApiErrorItem {
  return { $severity: "error", $dataCode: dataCode, $message: message, $source: source };
}
