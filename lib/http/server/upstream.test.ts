import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDeadline } from "../deadline";
import { MAX_RESPONSE_BYTES, upstreamRequest, UpstreamNetworkError } from "./upstream";

let server: Server;
let base = "";
let handle: (request: IncomingMessage, body: string, response: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<UpstreamNetworkError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamNetworkError);
  return error as UpstreamNetworkError;
}

describe("upstreamRequest", () => {
  it("sends the method, headers and body, and returns status, headers and text", async () => {
    handle = (request, body, response) => {
      response.setHeader("x-business", "b-1");
      response.setHeader("vary", ["accept", "x-business"]);
      response.writeHead(201, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ method: request.method, url: request.url, auth: request.headers.authorization, body }),
      );
    };
    const answer = await upstreamRequest({
      method: "POST",
      url: `${base}/v3.1/user?x=1`,
      headers: { authorization: "Bearer t" },
      body: '{"a":1}',
      timeoutMs: 2_000,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers["x-business"]).toBe("b-1");
    expect(answer.headers.vary).toBe("accept, x-business");
    expect(JSON.parse(answer.text)).toEqual({
      method: "POST",
      url: "/v3.1/user?x=1",
      auth: "Bearer t",
      body: '{"a":1}',
    });
  });

  it("decodes a body that arrives in pieces, even with a character cut in two", async () => {
    const bytes = Buffer.from(JSON.stringify({ name: "Müller & Söhne GmbH" }));
    const cut = bytes.indexOf(Buffer.from("ü")) + 1;
    handle = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(bytes.subarray(0, cut));
      setTimeout(() => response.end(bytes.subarray(cut)), 20);
    };
    const answer = await upstreamRequest({ method: "GET", url: `${base}/business`, timeoutMs: 2_000 });
    expect(JSON.parse(answer.text)).toEqual({ name: "Müller & Söhne GmbH" });
  });

  it("gives up at the deadline when no answer comes", async () => {
    handle = () => {};
    const started = Date.now();
    const error = await failure(upstreamRequest({ method: "GET", url: `${base}/silent`, timeoutMs: 200 }));
    expect(error.timedOut).toBe(true);
    expect(error.message).toBe(`${new URL(base).host} did not answer in time`);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("counts the deadline over the whole answer, not per piece of the body", async () => {
    handle = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      const drip = setInterval(() => response.write("."), 50);
      response.on("close", () => clearInterval(drip));
    };
    const started = Date.now();
    const error = await failure(upstreamRequest({ method: "GET", url: `${base}/drip`, timeoutMs: 300 }));
    expect(error.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("reports an unreachable host without the path or query", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      upstreamRequest({ method: "GET", url: `http://127.0.0.1:${port}/user?secret=1`, timeoutMs: 2_000 }),
    );
    expect(error.timedOut).toBe(false);
    expect(error.message).toBe(`127.0.0.1:${port} could not be reached`);
  });

  it("refuses an answer larger than the limit while it streams in (chunked, no Content-Length)", async () => {
    handle = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      for (let i = 0; i < 64; i += 1) response.write(Buffer.alloc(1024, 32));
      response.end();
    };
    const error = await failure(
      upstreamRequest({ method: "GET", url: `${base}/big`, timeoutMs: 2_000, maxResponseBytes: 16 * 1024 }),
    );
    expect(error.tooLarge).toBe(true);
    expect(error.message).not.toContain("/big");
  });

  it("reads an answer of a trial balance of 5,000 accounts within the limit", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: `acc-${i}`,
      name: `Account ${i} with a long descriptive name`,
      number: String(1000 + i),
      debit: "1234567.89",
      credit: "0.00",
      type: "asset",
    }));
    const text = JSON.stringify({ $items: rows });
    expect(text.length).toBeLessThan(MAX_RESPONSE_BYTES / 4);
    handle = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(text);
    };
    const answer = await upstreamRequest({ method: "GET", url: `${base}/tb`, timeoutMs: 5_000 });
    expect(answer.text.length).toBe(text.length);
  });

  it("never waits past the deadline of the work it runs in", async () => {
    handle = () => {
      // Never answers.
    };
    const started = Date.now();
    const error = await failure(
      withDeadline(Date.now() + 200, () => upstreamRequest({ method: "GET", url: `${base}/hang`, timeoutMs: 10_000 })),
    );
    expect(error.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    const spent = await failure(
      withDeadline(Date.now() - 1, () => upstreamRequest({ method: "GET", url: `${base}/hang`, timeoutMs: 10_000 })),
    );
    expect(spent.timedOut).toBe(true);
  });
});
