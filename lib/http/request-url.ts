import { isUnstorableText } from "./unstorable-text";

/** The methods the app answers (`Allow` of every 405); proxy.ts refuses the others. */
export const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * What proxy.ts refuses in a URL before any page or route sees it: a path or query that is not
 * correctly percent-encoded (`/businesses/%` would make Next's params decoding throw: a 500),
 * or that decodes to a NUL or a lone surrogate (Postgres refuses those texts with 22021/22P05).
 * Returns the reason, or undefined when the URL is fine.
 */
export function requestUrlProblem(url: URL): string | undefined {
  const parts = [
    ...url.pathname.split("/"),
    ...url.search
      .slice(1)
      .split(/[&=]/)
      .map((part) => part.replaceAll("+", " ")),
  ];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return "The address is not correctly percent-encoded.";
    }
    if (isUnstorableText(decoded)) return "The address contains a character that is not allowed (NUL).";
  }
  return undefined;
}
