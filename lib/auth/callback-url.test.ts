import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./callback-url";

const base = "http://localhost:3000";

describe("safeCallbackUrl (next-auth's redirect callback)", () => {
  it("keeps paths and URLs of this app", () => {
    expect(safeCallbackUrl("/businesses?x=1", base)).toBe("http://localhost:3000/businesses?x=1");
    expect(safeCallbackUrl("http://localhost:3000/payroll", base)).toBe("http://localhost:3000/payroll");
  });

  it("sends everything else home, without throwing", () => {
    for (const url of ["http://localhost:3000.evil.example/", "\\\\evil.example", "\\evil.example", "//evil.example/x", "/\\evil.example", "%", "%25", "javascript:alert(1)", "https://evil.example/", "http://localhost:3000@evil.example/", "", "/\u0000x", "http:/\\evil.example"]) {
      expect(() => safeCallbackUrl(url, base), url).not.toThrow();
      expect(safeCallbackUrl(url, base), url).toBe(base);
    }
  });
});
