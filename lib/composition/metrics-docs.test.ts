import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { metricsRegistry } from "@/lib/metrics/registry";
import { registerProcessMetrics } from "./metrics";

// docs/metrics.md and docs/alerts/ledgerlane-rules.yml against the metrics the processes register
// (a web process's and a worker's together): the docs list exactly those, and every alert asks
// for one that exists, so neither can drift from the code.

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function registeredNames(): Set<string> {
  registerProcessMetrics(async () => true, { web: true, jobs: true });
  return new Set(
    metricsRegistry()
      .getMetricsAsArray()
      .map((metric) => metric.name),
  );
}

/** The series a histogram or summary adds to its name. */
const SERIES_SUFFIXES = ["_bucket", "_sum", "_count"];

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string; labels?: object }[] }[];
}

describe("the metrics' docs", () => {
  it("docs/metrics.md lists every registered metric, and no other", () => {
    const listed = new Set(
      [...read("docs/metrics.md").matchAll(/^\| `(ledgerlane_[a-z0-9_]+)` \|/gm)].map((m) => m[1]!),
    );
    expect([...listed].sort()).toEqual([...registeredNames()].sort());
  });

  it("every alert of docs/alerts/ledgerlane-rules.yml asks for metrics the processes have", () => {
    const names = registeredNames();
    const rules = (parse(read("docs/alerts/ledgerlane-rules.yml")) as RuleFile).groups.flatMap((group) => group.rules);
    expect(rules.length).toBeGreaterThanOrEqual(7);
    for (const rule of rules) {
      const used = [...rule.expr.matchAll(/\bledgerlane_[a-z0-9_]+/g)].map((m) => m[0]);
      expect(used.length, `${rule.alert}: asks for no metric of the app`).toBeGreaterThan(0);
      for (const name of used) {
        const base = SERIES_SUFFIXES.reduce(
          (found, suffix) =>
            found === name && name.endsWith(suffix) && names.has(name.slice(0, -suffix.length))
              ? name.slice(0, -suffix.length)
              : found,
          name,
        );
        expect(names.has(base), `${rule.alert}: ${name} is no registered metric`).toBe(true);
      }
    }
  });
});
