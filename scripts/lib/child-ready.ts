import { spawn, type ChildProcess } from "node:child_process";
import { stopChild } from "./processes";

export interface ReadyChild {
  child: ChildProcess;
  /** The first match of `ready` in the child's output. */
  match: RegExpMatchArray;
  stop(): Promise<void>;
}

/**
 * Starts a child process and resolves once a line of its stdout matches `ready`
 * (its stderr is passed on); rejects when it exits first or does not get ready in time.
 */
export function spawnUntilReady(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; ready: RegExp; timeoutMs?: number },
): Promise<ReadyChild> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "inherit"] });
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(" ")} was not ready within ${(options.timeoutMs ?? 60_000) / 1000} s`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(options.ready);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stdout?.resume();
      resolve({ child, match, stop });
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited before it was ready (${signal ?? `code ${code}`})`));
    });
  });
}
