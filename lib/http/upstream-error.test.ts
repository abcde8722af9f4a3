import { describe, expect, it } from "vitest";
import { upstreamFailureOf } from "./upstream-error";

describe("upstreamFailureOf", () => {
  it("classes a failure status the same way for both services", () => {
    const classes = [400, 401, 403, 404, 409, 415, 422, 429, 500, 503].map((status) => [
      status,
      upstreamFailureOf(status),
    ]);
    expect(classes).toEqual([
      [400, "invalid"],
      [401, "unauthorized"],
      [403, "forbidden"],
      [404, "not_found"],
      [409, "other"],
      [415, "invalid"],
      [422, "invalid"],
      [429, "rate_limited"],
      [500, "unavailable"],
      [503, "unavailable"],
    ]);
  });
});
