import { describe, expect, it } from "vitest";
import { legacyEndpoints, legacyRegion, UnknownLegacyCountryError } from "./endpoints";

const hosts = { naUrl: "https://na.example/oauth", euUrl: "https://eu.example/", gbUrl: "https://gb.example" };

describe("legacy country routing", () => {
  it.each([
    ["CA", "https://na.example/oauth/token", "https://na.example/oauth/revoke"],
    ["us", "https://na.example/oauth/token", "https://na.example/oauth/revoke"],
    ["DE", "https://eu.example/token", "https://eu.example/revoke"],
    ["es", "https://eu.example/token", "https://eu.example/revoke"],
    ["Fr", "https://eu.example/token", "https://eu.example/revoke"],
    ["gb", "https://gb.example/oauth2/token", "https://gb.example/oauth2/revoke"],
    ["IE", "https://gb.example/oauth2/token", "https://gb.example/oauth2/revoke"],
  ])("%s (either case) uses its country's host", (country, tokenUrl, revokeUrl) => {
    expect(legacyEndpoints(hosts, country)).toMatchObject({ tokenUrl, revokeUrl });
  });

  it("groups the countries into the three hosts", () => {
    expect(["ca", "us", "de", "es", "fr", "gb", "ie"].map(legacyRegion)).toEqual([
      "na",
      "na",
      "eu",
      "eu",
      "eu",
      "gb",
      "gb",
    ]);
  });

  it.each([undefined, null, "", "at", "gbr", "uk"])("refuses %s: no host is guessed", (country) => {
    expect(() => legacyEndpoints(hosts, country)).toThrow(UnknownLegacyCountryError);
  });
});
