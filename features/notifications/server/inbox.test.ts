import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// A person's own notifications: listed, counted and marked read by them alone; notify() is
// idempotent by its key and applies each person's choices.

describe("inbox", () => {
  test("lists and marks only the person's own; another's is not found; notify twice tells once", async ({ db }) => {
    const { notify } = await import("./notify");
    const { listNotifications, markAllRead, markRead, unreadCount } = await import("./inbox");
    const { preferencesOf, savePreferences } = await import("./preferences");
    const stamp = `${Date.now()}-${Math.random()}`;
    const [ana, ben] = await Promise.all(
      ["Ana", "Ben"].map((name) =>
        db.user.create({ data: { accountingUserId: `inbox-${name}-${stamp}`, displayName: name } }),
      ),
    );
    const workspace = await db.workspace.create({ data: { name: `Inbox ${stamp}` } });
    const tell = (key: string) =>
      db.$transaction((tx) =>
        notify(tx, {
          userIds: [ana!.id, ben!.id],
          kind: "month_submitted",
          dedupeKey: key,
          workspaceId: workspace.id,
          data: { companyName: "Bäckerei", period: "2026-11" },
          link: "/payroll/companies/1/review?month=2026-11",
        }),
      );
    // Each person's open pages are told live (at commit), once: the second call inserts nothing and tells nobody.
    const { getSqlPool } = await import("@/lib/db/client");
    const listener = await getSqlPool().connect();
    const told: string[] = [];
    listener.on("notification", (message) => told.push(message.payload ?? ""));
    await listener.query("LISTEN ledgerlane_notifications");
    await tell(`a-${stamp}`);
    await tell(`a-${stamp}`);
    await listener.query("SELECT 1");
    await listener.query("UNLISTEN ledgerlane_notifications");
    listener.release();
    expect(told.filter((id) => id === ana!.id || id === ben!.id).sort()).toEqual([ana!.id, ben!.id].sort());
    expect(await unreadCount(ana!.id)).toBe(1);
    const list = await listNotifications(ana!.id);
    expect(list).toMatchObject({
      unreadCount: 1,
      notifications: [{ kind: "month_submitted", link: "/payroll/companies/1/review?month=2026-11" }],
    });
    const id = list.notifications[0]!.id;
    await expect(markRead(ben!.id, id)).rejects.toMatchObject({ code: "not_found" });
    expect(await markRead(ana!.id, id)).toBe(0);
    expect(await unreadCount(ben!.id)).toBe(1);

    // Ben turns the kind off in the app: nothing new shows for him.
    const choices = await preferencesOf(ben!.id);
    expect(choices.mailMode).toBe("single");
    const saved = await savePreferences(ben!.id, {
      kinds: [{ kind: "month_submitted", inApp: false, byEmail: true }],
      mailMode: "daily_digest",
    });
    expect(saved.kinds.find((choice) => choice.kind === "month_submitted")).toEqual({
      kind: "month_submitted",
      inApp: false,
      byEmail: true,
    });
    expect(saved.mailMode).toBe("daily_digest");
    await tell(`b-${stamp}`);
    expect(await unreadCount(ben!.id)).toBe(1);
    expect(await unreadCount(ana!.id)).toBe(1);
    expect(await markAllRead(ana!.id)).toBe(0);
  });
});
