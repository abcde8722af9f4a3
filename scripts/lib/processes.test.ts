import { spawn } from "node:child_process";
import { connect } from "node:net";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { freePort } from "./processes";

// `npm start`'s children (the app, the sandbox) must not outlive it: killed with SIGKILL, the
// owner runs no cleanup, so each Node child watches a pipe only its owner holds (exit-with-owner.mjs).

/** Whether something accepts connections on the port now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("a ProcessGroup's Node children", () => {
  it("stop within seconds when their owner is killed with SIGKILL", async () => {
    const port = await freePort();
    const owner = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "testing/owner.ts"), String(port)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let childPid = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        owner.stdout.on("data", (chunk: Buffer) => {
          const ready = /ready (\d+)/.exec(chunk.toString());
          if (ready) resolve(void (childPid = Number(ready[1])));
        });
        owner.once("exit", (code) => reject(new Error(`the owner exited (${code})`)));
      });
      expect(await listening(port)).toBe(true);
      owner.kill("SIGKILL");
      await vi.waitFor(async () => expect(await listening(port)).toBe(false), { timeout: 5_000, interval: 100 });
    } finally {
      owner.kill("SIGKILL");
      // A child left behind by a failure is stopped here, not left on the machine.
      try {
        if (childPid) process.kill(childPid, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
  });
});
