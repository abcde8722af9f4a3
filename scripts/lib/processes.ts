import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** Children and cleanups started by a script, stopped in reverse order on exit or Ctrl-C. */
export class ProcessGroup {
  private readonly stops: (() => Promise<void>)[] = [];
  private stopping?: Promise<void>;

  /** Starts `command`, prefixing its output with `[name]`; a child that dies unexpectedly stops the group. */
  spawn(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
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

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: "inherit" });
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
