import { AsyncLocalStorage } from "node:async_hooks";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { detached, detachedSocket, prepareDetachedScope } from "./detached";

describe("creating long-lived resources outside the current request", () => {
  it("runs outside the request's async context once prepared", () => {
    const request = new AsyncLocalStorage<string>();
    expect(request.run("before prepare", () => detached(() => request.getStore()))).toBe("before prepare");
    prepareDetachedScope();
    expect(request.run("page view", () => detached(() => request.getStore()))).toBeUndefined();
    expect(request.run("page view", () => request.getStore())).toBe("page view");
  });

  it("connects a socket whose callbacks do not see the request", async () => {
    prepareDetachedScope();
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const request = new AsyncLocalStorage<string>();
    const seen = await request.run(
      "page view",
      () =>
        new Promise<string | undefined>((resolve) => {
          const socket = detachedSocket();
          socket.once("connect", () => resolve(request.getStore()));
          socket.once("close", () => undefined);
          socket.connect(port, "127.0.0.1");
        }),
    );
    expect(seen).toBeUndefined();
    server.close();
  });
});
