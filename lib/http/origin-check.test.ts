import { describe, expect, it } from "vitest";
import { appOriginsFor, isCrossSiteExempt, isSameOriginRequest, isStateChanging } from "./origin-check";

const origins = appOriginsFor("http://localhost:3000/api/x", "https://app.example");
const headers = (values: Record<string, string>) => new Headers(values);

describe("the CSRF origin check", () => {
  it("accepts same-origin browser requests", () => {
    expect(
      isSameOriginRequest(headers({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }), origins),
    ).toBe(true);
    expect(isSameOriginRequest(headers({ origin: "https://app.example" }), origins)).toBe(true);
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "none" }), origins)).toBe(true);
  });

  it("refuses cross-site and same-site requests and foreign origins", () => {
    expect(
      isSameOriginRequest(headers({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }), origins),
    ).toBe(false);
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "same-site" }), origins)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: "https://evil.example" }), origins)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: "null" }), origins)).toBe(false);
    expect(isSameOriginRequest(headers({ referer: "https://evil.example/page" }), origins)).toBe(false);
  });

  it("lets requests without any browser header pass (no ambient cookies of a victim)", () => {
    expect(isSameOriginRequest(headers({}), origins)).toBe(true);
  });

  it("only checks state-changing methods", () => {
    expect(isStateChanging("GET")).toBe(false);
    expect(isStateChanging("HEAD")).toBe(false);
    expect(isStateChanging("POST")).toBe(true);
    expect(isStateChanging("delete")).toBe(true);
  });

  it("exempts the one-click unsubscribe's path alone (its signed token authenticates it)", () => {
    expect(isCrossSiteExempt("/api/mail/unsubscribe/abc.reminder.sig")).toBe(true);
    expect(isCrossSiteExempt("/api/mail/unsubscribe/")).toBe(false);
    expect(isCrossSiteExempt("/api/mail/unsubscribe/a/b")).toBe(false);
    expect(isCrossSiteExempt("/api/mail/unsubscribe")).toBe(false);
    expect(isCrossSiteExempt("/api/workspaces/x")).toBe(false);
    expect(isCrossSiteExempt("/unsubscribe/abc")).toBe(false);
  });
});
