import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants.js";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";

// A plain .mjs file without types (the project checks no JavaScript): typed here by what it exports.
const { default: config } = (await import("./next.config.mjs" as string)) as {
  default: (phase: string) => Promise<NextConfig>;
};

// The production server runs the build's output: next.config.mjs leaves the next-intl plugin (a
// bundler plugin that loads SWC's native binding) out of it, and gives it to builds and `next dev`.

describe("next.config.mjs", () => {
  it("configures the bundler with the next-intl plugin for builds and the dev server", async () => {
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_DEVELOPMENT_SERVER]) {
      const built = await config(phase);
      expect(built.turbopack?.resolveAlias?.["next-intl/config"]).toBe("./i18n/request.ts");
    }
  });

  it("gives the production server the app's own settings without the plugin", async () => {
    const served = await config(PHASE_PRODUCTION_SERVER);
    expect(served.turbopack).toBeUndefined();
    expect(served.serverExternalPackages).toContain("pdfkit");
    expect(served.poweredByHeader).toBe(false);
  });
});
