import { describe, expect, it } from "vitest";
import { can, isClient, PERMISSIONS, rolesFor, type Permission } from "./permissions";

describe("the role → permission table", () => {
  it("lets a viewer read only, a clerk edit, an owner do everything, an approver read and approve", () => {
    expect(can(["viewer"], "payroll.read")).toBe(true);
    expect(can(["viewer"], "payroll.edit")).toBe(false);
    expect(can(["clerk"], "payroll.edit")).toBe(true);
    expect(can(["clerk"], "payroll.manage")).toBe(false);
    expect(can(["approver"], "payroll.edit")).toBe(false);
    expect(can(["approver"], "payroll.approve")).toBe(true);
    for (const permission of [
      "payroll.read",
      "payroll.edit",
      "payroll.approve",
      "payroll.manage",
      "workspace.manage",
    ] as const) {
      expect(can(["owner"], permission)).toBe(true);
    }
    expect(can(["viewer", "clerk"], "payroll.edit")).toBe(true);
    expect(can([], "payroll.read")).toBe(false);
    expect(can(null, "payroll.read")).toBe(false);
    expect(rolesFor("payroll.manage")).toEqual(["owner"]);
  });

  it("gives a client only their own companies' permissions, and no firm role those", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(["client"], permission), permission).toBe(
        permission === "payroll.read_own" || permission === "payroll.enter_own",
      );
    }
    expect(rolesFor("payroll.read_own")).toEqual(["client"]);
    expect(rolesFor("payroll.enter_own")).toEqual(["client"]);
    expect(isClient(["client"])).toBe(true);
    expect(isClient(["owner", "clerk"])).toBe(false);
    expect(isClient(null)).toBe(false);
  });
});
