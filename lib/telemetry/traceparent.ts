// The W3C Trace Context `traceparent` header (https://www.w3.org/TR/trace-context/): read from a
// trusted proxy's request and written into a job's data. Version 00 only; anything else is ignored.

export interface RemoteParent {
  traceId: string;
  spanId: string;
  /** 1: the caller sampled it. */
  traceFlags: number;
}

const TRACEPARENT = /^00-(?<traceId>[0-9a-f]{32})-(?<spanId>[0-9a-f]{16})-(?<flags>[0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

/** The parent named by `value`, or undefined when it is not a valid version-00 traceparent. */
export function parseTraceparent(value: unknown): RemoteParent | undefined {
  if (typeof value !== "string") return undefined;
  const groups = TRACEPARENT.exec(value.trim())?.groups;
  if (!groups) return undefined;
  // Each group is in the pattern without `?`: present whenever it matched.
  const { traceId = "", spanId = "", flags = "" } = groups;
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) };
}

export function formatTraceparent(parent: RemoteParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}
