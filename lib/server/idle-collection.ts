// A full garbage collection once the app has been quiet for a while after serving requests. V8
// collects the garbage of a burst of page views (~50–100 MB: answers, RSC payloads, HTML) when it
// judges the process idle, and Node never tells it so (a browser does, for a background tab): after
// the memory bench's load the garbage stayed a whole minute in some runs. Collecting when the
// requests stop gives it back at no cost under load (docs/adr/0230-app-memory.md). No
// `server-only`: server.ts, bundled for plain `node`, imports it.

export interface IdleCollection {
  /** Called for every request the server takes. */
  noteRequest(): void;
  stop(): void;
}

/**
 * Runs `collect` once `quietMs` have passed without a new request, after at least one request since
 * the last collection (an idle process is not collected again and again). Checked every `quietMs`,
 * so the collection comes between one and two `quietMs` after the last request.
 */
export function collectWhenQuiet(
  collect: () => void,
  { quietMs, now = Date.now }: { quietMs: number; now?: () => number },
): IdleCollection {
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  let collectedAt = now();
  const timer = setInterval(() => {
    const at = now();
    if (lastRequestAt < collectedAt || at - lastRequestAt < quietMs) return;
    collectedAt = at;
    collect();
  }, quietMs);
  timer.unref();
  return {
    noteRequest: () => {
      lastRequestAt = now();
    },
    stop: () => clearInterval(timer),
  };
}

type ExposedGc = (options?: { type?: "major" | "minor"; execution?: "sync" | "async" }) => void;

/**
 * The app server's collection (server.ts): two full collections a second apart, 5–10 s after the
 * last request. One left the old space's emptied pages committed (idle 256 MB in the bench); the
 * second, once the first's pages are swept, gives them back (~220 MB). Undefined when the process
 * runs without `--expose-gc` (scripts/start.ts sets it): V8 then decides alone.
 */
export function appIdleCollection(): IdleCollection | undefined {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (!gc) return undefined;
  return collectWhenQuiet(
    () => {
      gc({ type: "major" });
      setTimeout(() => gc({ type: "major" }), 1_000).unref();
    },
    { quietMs: 5_000 },
  );
}
