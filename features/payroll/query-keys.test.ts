import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { payrollKeys } from "./query-keys";

function cacheWith(...keys: (readonly unknown[])[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, "cached");
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("payrollKeys", () => {
  it("puts every payroll query under payrollKeys.all, so a disconnect reaches them all", async () => {
    const keys = [
      payrollKeys.employees(1),
      payrollKeys.draft(1),
      payrollKeys.import("job-1"),
      [...payrollKeys.import("job-1"), "report"],
      payrollKeys.referenceLists(),
    ];
    const client = cacheWith(...keys);
    await client.invalidateQueries({ queryKey: payrollKeys.all });
    for (const key of keys) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
  });

  it("invalidates one company's employees without touching another company or the imports", async () => {
    const client = cacheWith(payrollKeys.employees(1), payrollKeys.employees(2), payrollKeys.import("job-1"));
    await client.invalidateQueries({ queryKey: payrollKeys.employees(1) });
    expect(invalidated(client, payrollKeys.employees(1))).toBe(true);
    expect(invalidated(client, payrollKeys.employees(2))).toBe(false);
    expect(invalidated(client, payrollKeys.import("job-1"))).toBe(false);
  });

  it("keeps an import's report under the import, so re-reading the import re-reads its report", async () => {
    const report = [...payrollKeys.import("job-1"), "report"];
    const client = cacheWith(report, [...payrollKeys.import("job-2"), "report"]);
    await client.invalidateQueries({ queryKey: payrollKeys.import("job-1") });
    expect(invalidated(client, report)).toBe(true);
    expect(invalidated(client, [...payrollKeys.import("job-2"), "report"])).toBe(false);
  });
});
