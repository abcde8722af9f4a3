import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import { keyUnder, type Translate } from "./translate";

const t = createTranslator({ locale: "en", messages: MESSAGES.en }) as unknown as Translate;

describe("keyUnder", () => {
  it("gives the key of a code the catalogue has a text for", () => {
    const key = keyUnder(t, "workspaces.roles", "owner");
    expect(key).toBe("workspaces.roles.owner");
    expect(key && t(key)).toBe("Owner");
  });

  it("gives none for a code this build has no text for", () => {
    expect(keyUnder(t, "workspaces.roles", "auditor")).toBeUndefined();
  });
});

// What `tsc` refuses (this file is type-checked with the rest): the lines below each fail without their directive.
describe("typed message keys", () => {
  it("refuses a prefix the catalogue does not have", () => {
    const key = keyUnder(t, "workspaces.rolez", "owner");
    // @ts-expect-error -- `workspaces.rolez.${string}` is no message key
    expect(key && t(key)).toBeUndefined();
  });

  it("refuses a code outside the catalogue's keys", () => {
    const ruleName = (rule: "minimumWage" | "notARule") =>
      // @ts-expect-error -- monthChecks.ruleNames has no notARule
      t(`monthChecks.ruleNames.${rule}`);
    expect(ruleName("minimumWage")).toBe("Minimum wage");
  });
});
