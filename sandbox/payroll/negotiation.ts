import type { IncomingHttpHeaders } from "node:http";

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** Whether the Accept header admits the media type; no Accept header admits everything. */
export function accepts(headers: IncomingHttpHeaders, mediaType: string): boolean {
  const accept = headerValue(headers, "accept");
  if (accept === undefined || accept.trim() === "") return true;
  const [type = "", subtype = ""] = mediaType.split("/");
  let best: { specificity: number; quality: number } | undefined;
  for (const range of accept.split(",")) {
    const [rangeType = "", ...params] = range.trim().toLowerCase().split(";");
    const [candidateType = "", candidateSubtype = ""] = rangeType.trim().split("/");
    const specificity =
      candidateType === type && candidateSubtype === subtype
        ? 2
        : candidateType === type && candidateSubtype === "*"
          ? 1
          : candidateType === "*" && candidateSubtype === "*"
            ? 0
            : -1;
    if (specificity < 0) continue;
    const qualityParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const quality = qualityParam === undefined ? 1 : Number(qualityParam.slice(2));
    if (best === undefined || specificity > best.specificity) best = { specificity, quality };
  }
  return best !== undefined && best.quality > 0;
}

/** Whether the request declares a JSON body (parameters such as charset allowed). */
export function hasJsonContentType(headers: IncomingHttpHeaders): boolean {
  const contentType = headerValue(headers, "content-type");
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** The api key from "Authorization: Bearer <key>" (scheme case-insensitive). */
export function bearerKey(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(headerValue(headers, "authorization") ?? "");
  return match?.[1];
}
