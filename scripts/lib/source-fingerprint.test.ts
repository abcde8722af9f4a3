import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceFingerprint } from "./source-fingerprint";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** tsconfig.json as `next build` with NEXT_DIST_DIR=.next-own leaves it: its types folders added, arrays one item a line. */
function asNextRewritesIt(text: string): string {
  return text
    .replace(/^( *)("[^"\n]+": )\[([^\]\n]+)\]/gm, (_, indent: string, key: string, items: string) => {
      const lines = items.split(", ").map((item) => `${indent}  ${item}`);
      return `${indent}${key}[\n${lines.join(",\n")}\n${indent}]`;
    })
    .replace(
      /("\.next-overview-bench\/dev\/types\/\*\*\/\*\.ts")/,
      '$1,\n    ".next-own/types/**/*.ts",\n    ".next-own/dev/types/**/*.ts"',
    );
}

describe("sourceFingerprint", () => {
  let dir: string;
  const fingerprint = () => sourceFingerprint(dir, ["tsconfig.json", "lib.ts"]);
  const writeTsconfig = (text: string) => {
    writeFileSync(path.join(dir, "tsconfig.json"), text);
    // Written later than the build began, as Next does.
    utimesSync(path.join(dir, "tsconfig.json"), new Date(), new Date(Date.now() + 5_000));
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fingerprint-"));
    cpSync(path.join(ROOT, "tsconfig.json"), path.join(dir, "tsconfig.json"));
    writeFileSync(path.join(dir, "lib.ts"), "export const a = 1;\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("stays the same when Next adds its build folder's types to tsconfig.json and reformats it", () => {
    const before = fingerprint();
    const rewritten = asNextRewritesIt(readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
    expect(rewritten).toContain(".next-own/dev/types");
    writeTsconfig(rewritten);
    expect(fingerprint()).toBe(before);
  });

  it("changes when tsconfig.json changes what the build compiles", () => {
    const before = fingerprint();
    writeTsconfig(
      readFileSync(path.join(dir, "tsconfig.json"), "utf8").replace('"@/*": ["./*"]', '"@/*": ["./src/*"]'),
    );
    expect(fingerprint()).not.toBe(before);
  });

  it("stays the same when a file is written again with the same content (npm run check's prisma generate, a branch switched back)", () => {
    const before = fingerprint();
    writeFileSync(path.join(dir, "lib.ts"), "export const a = 1;\n");
    utimesSync(path.join(dir, "lib.ts"), new Date(), new Date(Date.now() + 5_000));
    expect(fingerprint()).toBe(before);
  });

  it("changes when a source file changes", () => {
    const before = fingerprint();
    writeFileSync(path.join(dir, "lib.ts"), "export const a = 22;\n");
    expect(fingerprint()).not.toBe(before);
  });
});
