import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { overviewApi } from "@/features/overview/client/api";
import { entriesApi } from "@/features/payroll/entries/client/api";
import { payrollApi } from "@/features/payroll/client/api";
import { trialBalanceApi } from "@/features/trial-balance/client/api";
import { FEATURES } from "@/lib/composition/features";
import { z } from "zod";
import { COMMON_ERRORS, defineContract, pathParamNames, pathWith, type RouteContract } from "./contract";

/**
 * Every feature's contracts: each `…Contract` of every contract.ts in a listed feature's folder
 * (lib/composition/features.ts; its UI folder left out), found as the route generator finds the
 * route tables, so a new feature's contracts are checked without a line here.
 */
const contracts: Record<string, RouteContract>[] = [];
for (const { name } of FEATURES) {
  const folder = path.resolve(import.meta.dirname, "../../features", name);
  const files = (readdirSync(folder, { recursive: true }) as string[]).filter(
    (file) => path.basename(file) === "contract.ts" && !file.split(path.sep).includes("components"),
  );
  for (const file of files) {
    const exported = (await import(pathToFileURL(path.join(folder, file)).href)) as Record<string, unknown>;
    const found = Object.keys(exported).filter((key) => key.endsWith("Contract"));
    if (found.length === 0) throw new Error(`features/${name}/${file} exports no …Contract`);
    for (const key of found) contracts.push(exported[key] as Record<string, RouteContract>);
  }
}

describe("route contracts", () => {
  it("are their table's routes (method, path, download) with the schemas (a body's in place of `body: true`)", () => {
    const body = z.object({ name: z.string() });
    const response = z.object({ ok: z.boolean() });
    const contract = defineContract(
      {
        rename: { method: "PUT", path: "/api/things/:thingId", body: true },
        download: { method: "GET", path: "/api/things/export", response: "file" },
      },
      {
        rename: { params: z.object({ thingId: z.string() }), body, response, errors: [] },
        download: { errors: ["forbidden"] },
      },
    );
    expect(contract.rename).toMatchObject({ method: "PUT", path: "/api/things/:thingId", body, response });
    expect(contract.download).toEqual({
      method: "GET",
      path: "/api/things/export",
      response: "file",
      errors: ["forbidden"],
    });
  });

  it("require schemas for every route of the table and for no other (types)", () => {
    const table = { list: { method: "GET", path: "/api/things" } } as const;
    // @ts-expect-error -- the table's route has no schemas
    expect(Object.keys(defineContract(table, {}))).toEqual(["list"]);
    defineContract(table, {
      list: { response: z.object({}), errors: [] },
      // @ts-expect-error -- a route the table does not have
      other: { response: z.object({}), errors: [] },
    });
    // @ts-expect-error -- a body the table does not announce
    defineContract(table, { list: { body: z.object({}), response: z.object({}), errors: [] } });
  });

  it("name each path param in the params schema, and no common error twice", () => {
    for (const contract of contracts) {
      for (const route of Object.values(contract)) {
        const names = pathParamNames(route.path);
        const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
        expect(Object.keys(shape).sort(), route.path).toEqual([...names].sort());
        expect(
          route.errors.filter((code) => (COMMON_ERRORS as readonly string[]).includes(code)),
          route.path,
        ).toEqual([]);
      }
    }
  });

  it("derive the URLs the routes always had", () => {
    expect(pathWith("/api/calendar/:token", { token: "abc_-.ics" })).toBe("/api/calendar/abc_-.ics");
    expect(pathWith("/api/a/:id/b/:kind", { id: "x y", kind: 2 })).toBe("/api/a/x%20y/b/2");
    expect(
      entriesApi.stream.href({ companyId: 1001, kind: "hours", period: "2026-03", since: 4, client: "abcdefgh" }),
    ).toBe("/api/payroll/companies/1001/entries/hours/stream?period=2026-03&since=4&client=abcdefgh");
    expect(payrollApi.disconnect.href({ id: "a b" })).toBe("/api/payroll/connection?id=a+b");
    expect(payrollApi.getImport.href({ importId: "x/y", report: "1" })).toBe("/api/payroll/imports/x%2Fy?report=1");
    expect(overviewApi.list.href({ show: ["mine", "overdue"], q: "Bäckerei" })).toBe(
      "/api/overview?show=mine&show=overdue&q=B%C3%A4ckerei",
    );
    expect(trialBalanceApi.export.href({ format: "pdf", columns: ["a", "b"] })).toBe(
      "/api/trial-balance/export?format=pdf&columns=a&columns=b",
    );
  });
});
