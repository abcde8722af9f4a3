import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { loadSessionUser } from "./session-store";

// `person` signs a new person in; the people made are deleted after the file.
const it = test.extend("person", { scope: "file" }, async ({ db }, { onCleanup }) => {
  const userIds: string[] = [];
  onCleanup(() => db.user.deleteMany({ where: { id: { in: userIds } } }).then(() => undefined));
  return async (options: { expiresInMs?: number } = {}) => {
    const user = await db.user.create({
      data: {
        accountingUserId: `session-store:${randomUUID()}`,
        displayName: "Pat Doe",
        email: "pat@example.com",
        selectedBusinessId: "b-2",
      },
    });
    userIds.push(user.id);
    const session = await db.session.create({
      data: { userId: user.id, expiresAt: new Date(Date.now() + (options.expiresInMs ?? 3_600_000)) },
    });
    return { userId: user.id, sessionId: session.id };
  };
});

describe("loadSessionUser", () => {
  it("reads the person, their businesses, lead, choice and connections in one go", async ({ db, person }) => {
    const { userId, sessionId } = await person();
    await db.accountingBusiness.createMany({
      data: [
        { userId, businessId: "b-1", name: "One", isOwner: true, isLead: false },
        { userId, businessId: "b-2", name: "Two", isOwner: false, isLead: true },
      ],
    });
    const v31 = await db.accountingConnection.create({
      data: { userId, scopes: "full_access", status: "reauth_required" },
    });
    const v3 = await db.accountingConnection.create({ data: { userId, scopes: "full_access", version: "v3" } });

    expect(await loadSessionUser(sessionId, userId)).toEqual({
      id: userId,
      sessionId,
      accountingUserId: expect.stringMatching(/^session-store:/),
      verifiedEmail: null,
      displayName: "Pat Doe",
      email: "pat@example.com",
      selectedBusinessId: "b-2",
      leadBusinessId: "b-2",
      businessIds: ["b-1", "b-2"],
      connection: { id: v31.id, status: "reauth_required" },
      legacyConnection: { id: v3.id, status: "active" },
      workspace: null,
      confirmedAt: expect.any(Date),
      confirmedBy: "accounting",
      hasPasskey: false,
      mustAddPasskey: false,
    });
  });

  it("answers a person without businesses or connections", async ({ person }) => {
    const { userId, sessionId } = await person();
    expect(await loadSessionUser(sessionId, userId)).toMatchObject({
      leadBusinessId: null,
      businessIds: [],
      connection: null,
      legacyConnection: null,
    });
  });

  it("refuses an expired session, another person's session, a deleted one and ids that are not ids", async ({
    db,
    person,
  }) => {
    const expired = await person({ expiresInMs: -1_000 });
    expect(await loadSessionUser(expired.sessionId, expired.userId)).toBeNull();

    const mine = await person();
    const theirs = await person();
    expect(await loadSessionUser(mine.sessionId, theirs.userId)).toBeNull();

    await db.session.delete({ where: { id: mine.sessionId } });
    expect(await loadSessionUser(mine.sessionId, mine.userId)).toBeNull();

    expect(await loadSessionUser("not-a-uuid", theirs.userId)).toBeNull();
    expect(await loadSessionUser(theirs.sessionId, "'; drop table users; --")).toBeNull();
  });
});
