// The W3C Trace Context `traceparent` header (https://www.w3.org/TR/trace-context/): read from a
// trusted proxy's request and written into a job's data. Version 00 only; anything else is ignored.

export interface RemoteParent {
  traceId: string;
  spanId: string;
  /** 1: the caller sampled it. */
  traceFlags: number;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

/** The parent named by `value`, or undefined when it is not a valid version-00 traceparent. */
export function parseTraceparent(value: unknown): RemoteParent | undefined {
  if (typeof value !== "string") return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) };
}

export function formatTraceparent(parent: RemoteParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}
