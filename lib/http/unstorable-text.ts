// NUL, and lone UTF-16 surrogates: valid in JavaScript strings and in JSON ("\u0000", "\ud800"),
// but Postgres refuses them in text (22P05, 22021) and no service wants them. The app refuses
// them at its edge: request bodies in lib/http/server/route.ts, URLs in proxy.ts (./request-url.ts).
// With the `u` flag a surrogate pair is one code point, so `\p{Cs}` matches only a lone one.
const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;

export const UNSTORABLE_TEXT_MESSAGE = "Contains a character that cannot be stored (NUL or a lone surrogate).";

/** Whether a text holds a NUL or a lone surrogate. */
export function isUnstorableText(text: string): boolean {
  return UNSTORABLE_CHARACTER.test(text);
}
