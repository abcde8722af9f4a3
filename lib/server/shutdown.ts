import { log } from "@/lib/log/logger";

// What a process does before it exits on SIGINT/SIGTERM, besides closing its HTTP server: the
// hooks registered here (pg-boss's stop, by instrumentation.ts), run by server.ts in parallel with
// `server.close()`. The registry lives on globalThis: Next loads instrumentation.ts in its own
// module graph (the react-server build), server.ts outside it, so a module-level list would be two
// lists. No `server-only`: server.ts, bundled for plain `node`, imports it.

type ShutdownHook = () => Promise<void>;

const holder = globalThis as { __ledgerlaneShutdownHooks?: Map<string, ShutdownHook> };
const hooks = () => (holder.__ledgerlaneShutdownHooks ??= new Map());

/** Registers `hook` under `name` (registering a name again replaces its hook: a module loaded twice adds none). */
export function onShutdown(name: string, hook: ShutdownHook): void {
  hooks().set(name, hook);
}

/**
 * Runs every hook at once and resolves when all have ended or `boundMs` has passed, whichever is
 * first (a hook that fails is logged; one still running at the bound is left to the process's exit).
 */
export async function runShutdownHooks(boundMs: number): Promise<void> {
  const running = [...hooks()].map(([name, hook]) =>
    hook().catch((error: unknown) => log.error({ err: error, hook: name }, "shutdown: a hook failed")),
  );
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.error({ boundMs }, "shutdown: not done within the bound, exiting anyway");
      resolve();
    }, boundMs);
    timer.unref();
  });
  await Promise.race([Promise.all(running).then(() => undefined), bound]);
  clearTimeout(timer);
}
