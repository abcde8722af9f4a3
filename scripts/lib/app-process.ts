// How the app's server process runs, the same under `npm start` and `npm run serve`.

// The app's memory (measured by lib/http/memory.bench.ts; see docs/benchmarks.md, "Memory").
// glibc's malloc gives each thread that allocates its own arena (up to 8 per core) and keeps what
// is freed there; after a burst of large buffers (upstream answers, rendered pages) the process
// kept ~650 MB of RSS when idle. Two arenas, and buffers of 128 KB or more always mapped on their
// own (so freeing one returns it to the system), bring that back down. Set in the environment,
// these win.
export const APP_MALLOC_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
};
// V8's young generation: 8 MB semi-spaces instead of 16 (new space 32 MB → 16 MB under load).
// The old generation's next collection at 1.4× what survived the last one, instead of V8's own
// factor (up to 4× when collections are quick): a page view's large strings (the service's answer,
// the RSC payload, the HTML; ~1 MB each for 5,000 accounts) die within the request, but sat in
// large-object space until the next full collection. Measured with the memory bench: peak
// 502–622 MB → ~320 MB, idle ~226 MB, no errors (see lib/http/memory.bench.ts).
// --expose-gc: server.ts collects the garbage of a burst of requests once they stop
// (lib/server/idle-collection.ts, docs/adr/0230-app-memory.md); Node never tells V8 the process is
// idle, and the garbage (~50–100 MB after the bench's load) stayed a whole minute in some runs.
export const APP_NODE_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=40", "--expose-gc"];
