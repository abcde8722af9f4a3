import { describe, expect, it } from "vitest";
import { signInErrorText } from "./sign-in-error";

describe("signInErrorText", () => {
  it("names the known codes", () => {
    expect(signInErrorText("access_denied")).toBe("auth.errorAccessDenied");
    expect(signInErrorText("Callback")).toBe("auth.errorCallback");
  });

  it("gives the generic text for built-in names of plain objects", () => {
    for (const code of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "nope"])
      expect(signInErrorText(code), code).toBe("auth.errorFailed");
  });
});
