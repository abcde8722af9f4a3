// What no log line may hold (issue #37): tokens, keys, cookies, codes and e-mail bodies. pino
// (fast-redact) replaces these keys' values wherever they stand at the top of a logged object or
// up to two levels below it (`{ tokens: { access_token } }`, `{ err: { headers: { cookie } } }`);
// lib/log/redact.test.ts logs the secrets the sandbox issues in such shapes and finds none of them.
// A secret inside a text (an error's message) is not found by its key: log an error's name, or a
// message written for the log, never a service's answer or a request's body.

const SECRET_KEYS = [
  // OAuth and sessions
  "access_token",
  "accessToken",
  "refresh_token",
  "refreshToken",
  "id_token",
  "idToken",
  "token",
  "tokens",
  "code",
  "code_verifier",
  "codeVerifier",
  "client_secret",
  "clientSecret",
  "secret",
  "password",
  // keys
  "apiKey",
  "api_key",
  "key",
  // HTTP
  "authorization",
  "Authorization",
  "cookie",
  "Cookie",
  "set-cookie",
  "Set-Cookie",
  "cookies",
  "x-api-key",
  // e-mail bodies
  "text",
  "html",
  "body",
];

/** A key as a path segment: dotted when it can be, else in brackets (`["set-cookie"]`). */
const segment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** Each key at the top, one level down and two levels down. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) =>
  ["", "*", "*.*"].map((prefix) => `${prefix}${segment(key)}`.replace(/^\./, "")),
);

export const REDACTED = "[redacted]";

/**
 * A request's path as a log line may hold it: without its query (a sign-in link's token), each
 * segment of 20 characters or more shortened to its first 4 (an invitation's, an unsubscribe
 * link's or a calendar feed's token).
 */
export function pathForLog(url: string | undefined): string {
  const path = (url ?? "").split("?")[0]!;
  return path.replace(/[^/]{20,}/g, (segment) => `${segment.slice(0, 4)}…`);
}
