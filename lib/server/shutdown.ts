import { log } from "@/lib/log/logger";

// What a process does before it exits on SIGINT/SIGTERM, besides closing its HTTP server: the
// hooks registered here, in two phases. "stop" hooks (pg-boss's stop, the event streams' end:
// lib/composition/prepare-process.ts) run at once, in parallel with `server.close()`; "close"
// hooks (the database pool and listening connections) run once the server has closed and the
// stop hooks ended, when no request needs the database any more (server.ts, worker.ts). The
// registry lives on globalThis: Next loads instrumentation.ts in its own module graph (the
// react-server build), server.ts outside it, so a module-level list would be two lists. No
// `server-only`: server.ts, bundled for plain `node`, imports it.

type ShutdownHook = () => Promise<void>;
/** "stop": ends the process's work (jobs, streams); "close": releases what that work needed (the database). */
type ShutdownPhase = "stop" | "close";

const holder = globalThis as { __ledgerlaneShutdownHooks?: Map<string, { hook: ShutdownHook; phase: ShutdownPhase }> };
const hooks = () => (holder.__ledgerlaneShutdownHooks ??= new Map());

/** Registers `hook` under `name` (registering a name again replaces its hook: a module loaded twice adds none). */
export function onShutdown(name: string, hook: ShutdownHook, phase: ShutdownPhase = "stop"): void {
  hooks().set(name, { hook, phase });
}

/**
 * Runs every hook of `phase` at once and resolves when all have ended or `boundMs` has passed,
 * whichever is first (a hook that fails is logged; one still running at the bound is left to the
 * process's exit).
 */
export async function runShutdownHooks(boundMs: number, phase: ShutdownPhase = "stop"): Promise<void> {
  const running = [...hooks()]
    .filter(([, entry]) => entry.phase === phase)
    .map(([name, { hook }]) =>
      hook().catch((error: unknown) => log.error({ err: error, hook: name }, "shutdown: a hook failed")),
    );
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.error({ boundMs, phase }, "shutdown: not done within the bound, exiting anyway");
      resolve();
    }, boundMs);
    timer.unref();
  });
  await Promise.race([Promise.all(running).then(() => undefined), bound]);
  clearTimeout(timer);
}
