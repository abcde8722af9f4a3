// What a span may say (docs/tracing.md, "What spans never carry"): no token, key, cookie, code or
// e-mail address, as for the logs (lib/log/redact.ts). Paths are reduced to templates (ids and
// tokens in a path become `{id}`), query strings dropped, and attributes that could hold a secret
// (Next's raw `http.target`, a full URL, anything named like a credential) left out. Applied to every
// span as it ends (./server/sdk.ts), whatever made it: ours, Next's or Prisma's.

/** A path segment that names something rather than a route: digits, a UUID, a token. `v1`, `api`, `hours` stay. */
const VERSION = /^v\d+$/;
const HAS_DIGIT = /\d/;
const LONG = 24;

function templateSegment(segment: string): string {
  if (segment === "" || VERSION.test(segment)) return segment;
  if (segment.startsWith("[") || segment.startsWith("{")) return segment;
  if (HAS_DIGIT.test(segment) || segment.length >= LONG || segment.includes("@")) return "{id}";
  return segment;
}

/** `url`'s (absolute or a path) path with ids and tokens as `{id}`, without its query string or fragment. */
export function routeTemplate(url: string): string {
  let path = url;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) path = new URL(url).pathname;
  } catch {
    path = url;
  }
  path = path.split(/[?#]/, 1)[0]!;
  return path.split("/").map(templateSegment).join("/");
}

/** Attributes never exported: raw URLs and targets (a query string may hold a code) and credentials. */
const DROPPED_KEYS = new Set(["http.target", "http.url", "url.full", "url.query", "next.span_name"]);
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|api[_.-]?key|e-?mail|session/i;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/** `value` without e-mail addresses and with URLs' query strings cut. */
function scrubText(value: string): string {
  return value.replace(EMAIL, "[email]").replace(/\?[^\s"']*/g, "");
}

type AttributeValue = string | number | boolean | (string | number | boolean | null | undefined)[] | undefined;

/** The attributes a span may export. */
export function scrubAttributes(attributes: Record<string, AttributeValue>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED_KEYS.has(key) || SECRET_KEY.test(key)) continue;
    if (typeof value === "string")
      out[key] = key === "db.query.text" ? value.replace(EMAIL, "[email]") : scrubText(value);
    else out[key] = value;
  }
  return out;
}

/** A span's name as exported: `GET /path?query` (Next's name before it knows the route) becomes `GET /path-template`. */
export function scrubSpanName(name: string): string {
  const match = /^([A-Z]+) (\/\S*)$/.exec(name);
  if (match) return `${match[1]} ${match[2]!.includes("[") ? match[2]!.split("?", 1)[0] : routeTemplate(match[2]!)}`;
  return scrubText(name);
}
