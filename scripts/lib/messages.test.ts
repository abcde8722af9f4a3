import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureMessages, mergeMessages, readMessageSources } from "./messages";

let root: string;

function write(dir: string, locale: string, messages: unknown) {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, dir, `${locale}.json`), JSON.stringify(messages));
}

/** A checkout with shared messages and the given features' (each namespace with one text in both languages). */
function checkout(features: Record<string, string[]>) {
  root = mkdtempSync(path.join(tmpdir(), "messages-"));
  for (const locale of ["en", "de"]) write("lib/i18n/messages", locale, { common: { ok: `ok ${locale}` } });
  for (const [feature, namespaces] of Object.entries(features))
    for (const locale of ["en", "de"])
      write(
        `features/${feature}/messages`,
        locale,
        Object.fromEntries(namespaces.map((ns) => [ns, { title: `${ns} ${locale}` }])),
      );
  mkdirSync(path.join(root, "features/no-texts"), { recursive: true });
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("per-feature messages", () => {
  it("merges the shared and every feature's namespaces into one catalogue per language", () => {
    checkout({ payroll: ["payroll", "payrollEntries"], overview: ["overview"] });
    const merged = mergeMessages(readMessageSources(root));
    expect(Object.keys(merged.en)).toEqual(["common", "overview", "payroll", "payrollEntries"]);
    expect(merged.de.overview).toEqual({ title: "overview de" });
  });

  it("refuses a namespace two owners claim", () => {
    checkout({ payroll: ["payroll"], "month-close": ["monthClose", "payroll"] });
    expect(() => mergeMessages(readMessageSources(root))).toThrow(
      'The message namespace "payroll" (en) is in both features/month-close and features/payroll',
    );
  });

  it("refuses a feature's messages without every language", () => {
    checkout({ overview: ["overview"] });
    rmSync(path.join(root, "features/overview/messages/de.json"));
    expect(() => readMessageSources(root)).toThrow("features/overview/messages has no de.json");
  });

  it("writes the catalogues only when they changed", () => {
    checkout({ overview: ["overview"] });
    const out = path.join(root, "generated");
    ensureMessages(root, out);
    const written = statSync(path.join(out, "en.json")).mtimeMs;
    ensureMessages(root, out);
    expect(statSync(path.join(out, "en.json")).mtimeMs).toBe(written);
    expect(JSON.parse(readFileSync(path.join(out, "de.json"), "utf8"))).toEqual({
      common: { ok: "ok de" },
      overview: { title: "overview de" },
    });
  });
});
