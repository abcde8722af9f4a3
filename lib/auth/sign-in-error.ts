import type { MessageKey } from "@/lib/i18n/translate";

// The `error` query parameter of /sign-in (next-auth's and the service's codes) → its text.
// A Map, not an object literal: `?error=constructor` or `__proto__` must not find a built-in.
const ERROR_TEXT = new Map<string, MessageKey>([
  ["access_denied", "auth.errorAccessDenied"],
  ["temporarily_unavailable", "auth.errorTemporarilyUnavailable"],
  ["server_error", "auth.errorServer"],
  ["OAuthCallback", "auth.errorCallback"],
  ["OAuthSignin", "auth.errorFailed"],
  ["Callback", "auth.errorCallback"],
]);

/** The text for a sign-in error code; any unknown code (whatever its name) gets the generic one. */
export function signInErrorText(code: string): MessageKey {
  return ERROR_TEXT.get(code) ?? "auth.errorFailed";
}
