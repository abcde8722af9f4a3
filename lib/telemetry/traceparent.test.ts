import { describe, expect, it } from "vitest";
import { formatTraceparent, parseTraceparent } from "./traceparent";

describe("traceparent", () => {
  const header = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  it("reads a version-00 header and writes it back", () => {
    const parent = parseTraceparent(header);
    expect(parent).toEqual({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags: 1 });
    expect(formatTraceparent(parent!)).toBe(header);
  });

  it("ignores anything else", () => {
    for (const value of [
      undefined,
      ["a", "b"],
      "",
      "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
    ])
      expect(parseTraceparent(value)).toBeUndefined();
  });
});
