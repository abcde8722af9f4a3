import { describe, expect, it } from "vitest";
import { safeAppPath } from "./own-url";

// Issue 35, section 4: /sign-in?callbackUrl=%2F%09%2Fevil.example%2Fx sent the browser to
// evil.example after a passkey sign-in (the browser drops the tab: "//evil.example/x").
describe("safeAppPath (every post-sign-in destination, server and browser)", () => {
  it("keeps the app's own paths with their query and fragment", () => {
    expect(safeAppPath("/invitations/abc?x=1#y")).toBe("/invitations/abc?x=1#y");
    expect(safeAppPath("/")).toBe("/");
    expect(safeAppPath("/settings/security/link")).toBe("/settings/security/link");
  });

  it("refuses what a browser would read as another host, and anything not a path", () => {
    for (const url of [
      "/\t/evil.example/x",
      "/\r/evil.example",
      "/\n/evil.example",
      "/\t\\evil.example",
      "\t//evil.example",
      "//evil.example",
      "/\\evil.example",
      "/%09/evil.example",
      "https://evil.example/",
      "http://app.invalid/x",
      "javascript:alert(1)",
      "evil.example",
      "",
      undefined,
      null,
      ["/x"],
    ]) {
      const path = safeAppPath(url);
      if (path !== undefined) expect(new URL(path, "http://app.example").host, JSON.stringify(url)).toBe("app.example");
      else expect(path).toBeUndefined();
    }
    expect(safeAppPath("/\t/evil.example/x")).toBeUndefined();
    expect(safeAppPath("https://evil.example/")).toBeUndefined();
  });
});
