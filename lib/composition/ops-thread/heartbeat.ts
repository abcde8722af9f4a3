// The main thread's event loop as the operations thread sees it: the time of its last turn, in
// memory both threads share. No `server-only`: server.ts (bundled for plain `node`) imports it.

/** Now on a clock both threads read alike (each thread's performance.now() has its own origin). */
const wallNow = () => performance.timeOrigin + performance.now();

export interface Heartbeat {
  readonly buffer: SharedArrayBuffer;
  stop(): void;
}

/** Writes the time every `intervalMs` from this thread's event loop (unref'd: it keeps no process alive). */
export function startHeartbeat(intervalMs = 250): Heartbeat {
  const buffer = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT);
  const view = new BigInt64Array(buffer);
  const beat = () => Atomics.store(view, 0, BigInt(Math.round(wallNow())));
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
}

/** How long ago the beating thread's event loop last turned, in ms (0 when it beat "in the future"). */
export function heartbeatAgeMs(buffer: SharedArrayBuffer): number {
  const last = Number(Atomics.load(new BigInt64Array(buffer), 0));
  return Math.max(0, wallNow() - last);
}
