import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { ApiError } from "@/lib/http/api-error";
import { mustAddPasskey, setPasskeyRequirement } from "./requirement";

const it = test.extend("firm", async ({ db }, { onCleanup }) => {
  const tag = randomUUID().slice(0, 8);
  const owner = await db.user.create({ data: { accountingUserId: `req-owner-${tag}`, displayName: "Olga Owner" } });
  const clerk = await db.user.create({ data: { accountingUserId: `req-clerk-${tag}`, displayName: "Carl Clerk" } });
  const workspace = await db.workspace.create({
    data: {
      name: `Firm ${tag}`,
      members: {
        create: [
          { userId: owner.id, roles: ["owner"] },
          { userId: clerk.id, roles: ["clerk"] },
        ],
      },
    },
  });
  // The workspace stays (its audit entries cannot be deleted); its people go.
  onCleanup(() => db.user.deleteMany({ where: { id: { in: [owner.id, clerk.id] } } }).then(() => undefined));
  return { workspaceId: workspace.id, owner: owner.id, clerk: clerk.id };
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof ApiError ? error.code : "not refused";
}

describe("requiring passkeys", () => {
  it("gates members without a passkey once an owner requires them, and records the change", async ({ db, firm }) => {
    expect(await mustAddPasskey(firm.clerk)).toBe(false);
    expect(await refusal(setPasskeyRequirement(firm.clerk, firm.workspaceId, true))).toBe("forbidden");
    expect(await refusal(setPasskeyRequirement(randomUUID(), firm.workspaceId, true))).toBe("not_found");
    await setPasskeyRequirement(firm.owner, firm.workspaceId, true);
    expect(await mustAddPasskey(firm.clerk)).toBe(true);
    expect(await mustAddPasskey(firm.owner)).toBe(true);
    await db.passkey.create({
      data: { userId: firm.clerk, credentialId: `req-${randomUUID()}`, publicKey: Buffer.from([1]), name: "Phone" },
    });
    expect(await mustAddPasskey(firm.clerk)).toBe(false);
    await setPasskeyRequirement(firm.owner, firm.workspaceId, false);
    expect(await mustAddPasskey(firm.owner)).toBe(false);
    const entries = await db.auditEntry.findMany({
      where: { workspaceId: firm.workspaceId, kind: "workspace.passkey_requirement" },
      orderBy: { occurredAt: "asc" },
      select: { details: true, actorId: true },
    });
    expect(entries.map((entry) => entry.details)).toEqual([{ required: true }, { required: false }]);
    expect(entries.every((entry) => entry.actorId === firm.owner)).toBe(true);
  });
});
