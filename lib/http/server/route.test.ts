import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../api-error";
import { withRoute } from "./route";
import { captureLog } from "@/lib/log/testing/capture";
import { withLogContext } from "@/lib/log/context";
import { log as logger } from "@/lib/log/logger";
import { SOCKET_ADDRESS_HEADER } from "./socket-address";

const noParams = { params: Promise.resolve({}) };

function post(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) {
  const init = { method: "POST", body, headers, duplex: "half" };
  return new NextRequest("http://localhost:3000/api/x", init as ConstructorParameters<typeof NextRequest>[1]);
}

/** A chunked body (no Content-Length) that counts how much of it was pulled. */
function chunkedBody(chunks: number, chunkBytes: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(32));
    },
  });
  return { stream, pulled: () => pulled };
}

const schema = z.object({ name: z.string().min(1), age: z.number().int() });
const echo = withRoute({ auth: false, body: schema, maxBodyBytes: 1024 }, ({ body }) =>
  Response.json({ ok: true, data: body }),
);

// No session cookie in these requests: the session read answers "nobody", unless a test signs someone in.
const session = vi.hoisted(() => ({ user: null as unknown }));
vi.mock("@/lib/auth/server/session", () => ({ sessionUserFromRequest: () => Promise.resolve(session.user) }));
afterEach(() => {
  vi.restoreAllMocks();
  session.user = null;
});

describe("withRoute", () => {
  it("refuses the firm's client on a firm-only route with 403 before the handler; the firm's roles, and other routes, pass", async () => {
    const signedIn = (roles: string[]) => ({ id: "u", workspace: { id: "w", name: "W", personal: false, roles } });
    const handled: string[] = [];
    const route = (firmOnly: boolean) =>
      withRoute({ firmOnly }, ({ user }) => {
        handled.push(user.workspace!.roles.join());
        return Response.json({ ok: true, data: {} });
      });
    session.user = signedIn(["client"]);
    const refused = await route(true)(post(null), noParams);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    expect(handled).toEqual([]);
    expect((await route(false)(post(null), noParams)).status).toBe(200);
    session.user = signedIn(["viewer"]);
    expect((await route(true)(post(null), noParams)).status).toBe(200);
    expect(handled).toEqual(["client", "viewer"]);
  });

  it("passes a valid body to the handler", async () => {
    const response = await echo(post(JSON.stringify({ name: "Ada", age: 36 })), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, data: { name: "Ada", age: 36 } });
  });

  it("answers 422 invalid with the fields of a zod failure", async () => {
    const response = await echo(post(JSON.stringify({ name: "", age: 1.5 })), noParams);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe("invalid");
    expect(Object.keys(body.error.fields).sort()).toEqual(["age", "name"]);
  });

  it("refuses NUL and lone surrogates anywhere in a JSON body with 422 and the field, before the handler", async () => {
    const nested = withRoute({ auth: false, body: z.unknown() }, () => {
      throw new Error("the handler must not run");
    });
    for (const [text, field] of [
      ['{"name":"A\\u0000da","age":1}', "name"],
      ['{"name":"\\ud800","age":1}', "name"],
      ['{"lines":[{"id":"x\\udc00"}]}', "lines.0.id"],
      ['{"\\u0000":1}', "_key"],
    ] as const) {
      const response = await nested(post(text), noParams);
      expect(response.status, text).toBe(422);
      const body = await response.json();
      expect(body.error.code).toBe("invalid");
      expect(body.error.fields[field], text).toMatch(/cannot be stored/);
    }
    const deep = await nested(post(`${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`), noParams);
    expect(deep.status).toBe(422);
    expect((await deep.json()).error.fields).toEqual({
      [Array(200_000).fill(0).join(".")]: expect.stringMatching(/cannot be stored/),
    });
    const emoji = await echo(post(JSON.stringify({ name: "Ada 😀", age: 36 })), noParams);
    expect(emoji.status).toBe(200);
  });

  it("answers 415 for another media type, 400 for broken JSON", async () => {
    expect((await echo(post("name=x", { "content-type": "application/x-www-form-urlencoded" }), noParams)).status).toBe(
      415,
    );
    const broken = await echo(post("{nope"), noParams);
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe("invalid_json");
  });

  it("refuses a body over the limit by its Content-Length, before reading it", async () => {
    const { stream, pulled } = chunkedBody(100, 1024);
    const request = post(stream, { "content-type": "application/json", "content-length": String(100 * 1024) });
    const response = await echo(request, noParams);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("body_too_large");
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("stops reading a chunked body at the limit", async () => {
    const { stream, pulled } = chunkedBody(1000, 512);
    const response = await echo(post(stream), noParams);
    expect(response.status).toBe(413);
    // 1024 bytes allowed: the third chunk of 512 passes the limit; the rest is never pulled.
    expect(pulled()).toBeLessThan(10);
  });

  it("answers 401 not_signed_in without a session", async () => {
    const route = withRoute({}, () => new Response("never"));
    const response = await route(new NextRequest("http://localhost:3000/api/x"), noParams);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("not_signed_in");
  });

  it("answers 404 not_found for params that do not fit", async () => {
    const route = withRoute({ auth: false, params: z.object({ id: z.uuid() }) }, () => new Response("never"));
    const response = await route(new NextRequest("http://localhost:3000/api/x/1"), {
      params: Promise.resolve({ id: "1" }),
    });
    expect(response.status).toBe(404);
  });

  it("answers an ApiError with its code and the status of the one table", async () => {
    const route = withRoute({ auth: false }, () => {
      throw new ApiError("period_changed", "moved", { extra: { period: "2026-12" } });
    });
    const response = await route(new NextRequest("http://localhost:3000/api/x"), noParams);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      ok: false,
      // Every error names its request (lib/http/server/request-id.ts).
      error: {
        code: "period_changed",
        message: "moved",
        period: "2026-12",
        requestId: response.headers.get("x-request-id"),
      },
    });
  });

  it("leaves Next's redirect() to Next", async () => {
    const { redirect } = await import("next/navigation");
    const route = withRoute({ auth: false }, () => redirect("/sign-in"));
    await expect(route(new NextRequest("http://localhost:3000/api/x"), noParams)).rejects.toThrow("NEXT_REDIRECT");
  });

  it("answers an unexpected exception with the envelope and a requestId, logged once under that id", async () => {
    const log = captureLog();
    const route = withRoute({ auth: false }, () => {
      throw new TypeError("cannot read x of undefined");
    });
    const response = await route(new NextRequest("http://localhost:3000/api/x"), noParams);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, error: { code: "internal" } });
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-request-id")).toBe(body.error.requestId);
    expect(log.records()).toHaveLength(1);
    expect(log.records()[0]).toMatchObject({
      level: "error",
      requestId: body.error.requestId,
      err: { type: "TypeError", message: "cannot read x of undefined" },
    });
  });
});

describe("the request's id", () => {
  const failing = withRoute({ auth: false }, () => {
    throw new ApiError("month_state");
  });
  const stamped = (headers: Record<string, string>) =>
    new NextRequest("http://localhost:3000/api/x", { method: "POST", headers });

  it("is made when the request did not come through the app's server, in the header and the error envelope", async () => {
    // A client's own x-request-id without server.ts's socket stamp (tests, `next dev`) is never taken.
    const response = await failing(stamped({ "x-request-id": "client-chosen" }), noParams);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()).error).toMatchObject({ code: "month_state", requestId: id });
  });

  it("is the one server.ts wrote over the request's header (told by its socket stamp)", async () => {
    const response = await failing(
      stamped({ [SOCKET_ADDRESS_HEADER]: "10.0.0.7", "x-request-id": "proxy-7f3a" }),
      noParams,
    );
    expect(response.headers.get("x-request-id")).toBe("proxy-7f3a");
    expect((await response.json()).error.requestId).toBe("proxy-7f3a");
  });

  it("is the log context's when server.ts started one, on the answer and on every line the handler logs", async () => {
    const log = captureLog();
    const route = withRoute({ auth: false }, () => {
      logger.info("working");
      return Response.json({ ok: true, data: {} });
    });
    const response = await withLogContext({ requestId: "ctx-1" }, () => route(stamped({}), noParams));
    expect(response.headers.get("x-request-id")).toBe("ctx-1");
    expect(log.records()).toEqual([expect.objectContaining({ msg: "working", requestId: "ctx-1" })]);
  });

  it("is on the lines of a signed-in person's request with their id and workspace, never more of the session", async () => {
    session.user = {
      id: "user-1",
      sessionId: "session-row-7",
      email: "ada@example.com",
      workspace: { id: "ws-1", name: "Firm W", personal: false, roles: [] },
    };
    const log = captureLog();
    const route = withRoute({}, () => {
      logger.warn("something to say");
      return Response.json({ ok: true, data: {} });
    });
    const response = await route(stamped({}), noParams);
    const [line] = log.records();
    expect(line).toMatchObject({
      msg: "something to say",
      requestId: response.headers.get("x-request-id"),
      userId: "user-1",
      workspaceId: "ws-1",
    });
    for (const other of ["session-row-7", "ada@example.com", "Firm W"])
      expect(JSON.stringify(line)).not.toContain(other);
  });
});
