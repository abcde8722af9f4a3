import "server-only";
import { ApiError } from "../api-error";
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../unstorable-text";

/** The media type of a request body, lower case, without parameters. */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The body as text, never more than `limitBytes` read: a Content-Length above the limit is
 * refused before reading, and a chunked body is read only up to the limit.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw new ApiError("body_too_large");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw new ApiError("body_too_large");
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? Buffer.from(chunks[0]!).toString("utf8") : Buffer.concat(chunks).toString("utf8");
}

/** An `application/json` body within the limit, parsed (not yet checked against a schema). */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  if (mediaType(request) !== "application/json") throw new ApiError("unsupported_media_type");
  return parseJsonBody(await readBodyText(request, limitBytes));
}

/**
 * JSON text parsed, or 400 `invalid_json`; 422 `invalid` when a string (or key) holds a NUL or a
 * lone UTF-16 surrogate (`"\u0000"`, `"\ud800"` are valid JSON, but Postgres refuses them with
 * 22P05/22021 and no service wants them): refused here, at the edge, for every route.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json");
  }
  const path = unstorableTextPath(value);
  if (path !== undefined) {
    throw new ApiError("invalid", UNSTORABLE_TEXT_MESSAGE, {
      fields: { [path.join(".") || "_"]: UNSTORABLE_TEXT_MESSAGE },
    });
  }
  return value;
}

interface WalkStep {
  value: unknown;
  key: string | number | undefined;
  parent: WalkStep | undefined;
}

function pathOf(step: WalkStep): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: WalkStep | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string or key that cannot be stored, or undefined. Iterative, and each
 * step knows only its parent: a body of 200,000 nested arrays must neither overflow the stack
 * (a RangeError would be a 500) nor copy its path at every level.
 */
function unstorableTextPath(root: unknown): (string | number)[] | undefined {
  const stack: WalkStep[] = [{ value: root, key: undefined, parent: undefined }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const { value } = step;
    if (typeof value === "string") {
      if (isUnstorableText(value)) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1)
        stack.push({ value: value[index], key: index, parent: step });
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorableText(key)) return [...pathOf(step), "_key"];
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return undefined;
}
