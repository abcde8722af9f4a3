import { describe, expect, vi } from "vitest";
import type { MonthStep } from "@/features/month-close/server/audit";
import { monthTest, recordingWakes, service } from "@/features/month-close/server/testing/month-world";

// The overview's checks column for months past Open. Submit, approval and transfer each run the
// month's checks, so the overview must not say "not checked yet" for such a month: a company whose
// state was never read from the service (connected minutes ago, its first refresh still queued, or
// no schedule firing) is read and checked when its month changes, not skipped until the sweep.

const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));
const steps: MonthStep[] = [];
const it = monthTest({ steps, wakes });
const ALL = { show: [], connection: null, q: null };

describe("a month submitted, approved and transferred before its company was ever checked", () => {
  it("has its checks counted once its month changes (what Postgres notifies), not 'not checked yet'", async ({
    world,
    toApproved,
    db,
  }) => {
    const { recheckCompanies } = await import("./refresh");
    const { overviewFor } = await import("./rows");
    const viewer = { userId: world.clerk.userId, workspaceId: world.workspaceId, roles: world.clerk.roles };
    const row = async () => (await overviewFor(viewer, ALL)).rows.find((r) => r.companyId === world.key.companyId)!;
    await db.payrollCompanyState.deleteMany({ where: { connectionId: world.connectionId } });
    await toApproved();
    const { transferMonth } = await service();
    await transferMonth(world.key, world.clerk, world.client, world.company);
    expect(await row()).toMatchObject({ state: "transferred", blockers: null, warnings: null });

    // What the change feed does for the month's change (features/overview/server/changes.ts).
    expect(await recheckCompanies([{ connectionId: world.connectionId, companyId: world.key.companyId }])).toBe(1);
    const counted = await row();
    expect(counted).toMatchObject({ state: "transferred", blockers: 0, employeeCount: 5 });
    expect(counted.warnings).toEqual(expect.any(Number));
    expect(counted.refreshedAt).not.toBeNull();
  });
});
