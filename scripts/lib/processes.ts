import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A Node child started here stops when this process is gone, even after kill -9: it watches its
 * stdin, a pipe only this process holds (./exit-with-owner.mjs, preloaded). Other commands get
 * their stdin as before.
 */
function ownedBy(command: string, args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  if (command !== process.execPath) return { args, env, stdio };
  const watcher = pathToFileURL(path.join(import.meta.dirname, "exit-with-owner.mjs")).href;
  return {
    args: ["--import", watcher, ...args],
    env: { ...env, LEDGERLANE_EXIT_WITH_OWNER: "1" },
    stdio: ["pipe", ...(stdio as unknown[]).slice(1)] as StdioOptions,
  };
}

/** Children and cleanups started by a script, stopped in reverse order on exit or Ctrl-C. */
export class ProcessGroup {
  private readonly stops: (() => Promise<void>)[] = [];
  private stopping?: Promise<void>;

  /**
   * Starts `command`, prefixing its output with `[name]`; a child that dies unexpectedly stops the
   * group, and a Node child stops when this process is gone (ownedBy).
   */
  spawn(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
    const owned = ownedBy(command, args, env, ["ignore", "pipe", "pipe"]);
    const child = spawn(command, owned.args, { env: owned.env, stdio: owned.stdio });
    const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) stream.write(`[${name}] ${line}\n`);
    };
    child.stdout?.on("data", prefix(process.stdout));
    child.stderr?.on("data", prefix(process.stderr));
    child.on("exit", (code, signal) => {
      if (this.stopping) return;
      console.error(`[${name}] exited (${signal ?? `code ${code}`}); stopping everything.`);
      void this.stop().then(() => process.exit(code || 1));
    });
    this.onStop(() => stopChild(child));
    return child;
  }

  onStop(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      for (const stop of this.stops.reverse()) {
        await stop().catch((error: Error) => console.error(`while stopping: ${error.message}`));
      }
    })();
    return this.stopping;
  }

  /** Ctrl-C and SIGTERM stop every process of the group, then exit. */
  stopOnSignals(): void {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        console.log(`\n${signal}: stopping…`);
        void this.stop().then(() => process.exit(0));
      });
    }
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Runs a command to completion with inherited output (a Node child stops if this process is gone); rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const owned = ownedBy(command, args, env, ["inherit", "inherit", "inherit"]);
    const child = spawn(command, owned.args, { env: owned.env, stdio: owned.stdio });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `code ${code}`})`)),
    );
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
