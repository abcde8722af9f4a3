import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { createTranslator } from "next-intl";
import { NextRequest } from "next/server";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { MESSAGES } from "@/lib/i18n/messages";

// The calendar feed against the suite's Postgres: the link, what it holds (parsed with ical.js, a
// well-kept RFC 5545 parser), that it is valid for Outlook and Google, and that a reset ends the old link.

const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});
vi.mock("next-intl/server", () => ({
  getTranslations: ({ locale }: { locale: "en" | "de" }) =>
    Promise.resolve(createTranslator({ locale, messages: MESSAGES[locale] })),
}));

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const it = test.extend("person", { scope: "file" }, async ({ db }, { onCleanup }) => {
  onCleanup(() => {
    session.current = null;
  });
  const { createSession } = await import("@/lib/auth/server/session-store");
  const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
  const run = randomUUID().slice(0, 8);
  const workspaceId = (await db.workspace.create({ data: { name: `Feed ${run}` } })).id;
  const user = await db.user.create({
    data: { accountingUserId: `feed-${run}`, displayName: "Fee Feed", locale: "de", activeWorkspaceId: workspaceId },
  });
  await db.workspaceMember.create({ data: { workspaceId, userId: user.id, roles: ["owner"] } });
  const outsider = await db.user.create({ data: { accountingUserId: `feed-out-${run}`, displayName: "Out Sider" } });
  const connection = await connectPayroll({ userId: user.id, workspaceId }, { apiKey: SABINE }, null);
  const companies = await db.payrollCompany.findMany({
    where: { connectionId: connection.id },
    orderBy: { companyId: "asc" },
  });
  return {
    id: user.id,
    sessionId: await createSession(user.id),
    outsiderId: outsider.id,
    connectionId: connection.id,
    companies,
  };
});

async function fetchFeed(url: string): Promise<Response> {
  const { getCalendarFeed } = await import("./feed-handlers");
  const token = new URL(url).pathname.split("/").pop()!;
  return (getCalendarFeed as Handler)(new NextRequest(url), { params: Promise.resolve({ token }) });
}

describe("the calendar feed", () => {
  it("holds every company's cut-off and three deadlines as all-day events, in the person's language, valid RFC 5545", async ({
    person,
  }) => {
    const { calendarFeedUrl, FEED_MONTHS } = await import("./calendar-feed");
    const url = await calendarFeedUrl(person.id);
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await calendarFeedUrl(person.id)).toBe(url);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();

    // Outlook's and Google's needs: CRLF only, lines of at most 75 octets, the calendar's properties.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toMatch(/Ledgerlane/);
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");

    const events = calendar.getAllSubcomponents("vevent");
    expect(person.companies.length).toBeGreaterThan(0);
    const months = FEED_MONTHS.back + FEED_MONTHS.ahead + 1;
    expect(events).toHaveLength(person.companies.length * months * 4);
    const uids = new Set<string>();
    for (const event of events) {
      const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
      const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
      expect(start.isDate).toBe(true);
      expect(end.isDate).toBe(true);
      expect(end.toUnixTime() - start.toUnixTime()).toBe(86_400);
      expect(event.getFirstPropertyValue("dtstamp")).toBeTruthy();
      uids.add(String(event.getFirstPropertyValue("uid")));
    }
    expect(uids.size).toBe(events.length);

    // German (the person's language), naming the company; the statement's event is its last day to send.
    const first = person.companies[0]!;
    const summaries = events.map((event) => String(event.getFirstPropertyValue("summary")));
    expect(summaries.filter((summary) => summary.includes(first.name1)).length).toBe(months * 4);
    expect(summaries.some((summary) => summary.startsWith(`Beitragsnachweis senden ${first.name1}`))).toBe(true);
    expect(summaries.some((summary) => summary.startsWith(`Lohnsteuer-Anmeldung ${first.name1}`))).toBe(true);
    const uid = `contributionsDue-2025-10-company-${first.companyId}-${person.connectionId}@deadlines.ledgerlane`;
    expect([...uids].some((value) => value.startsWith("statementLastDay-"))).toBe(true);
    const { feedEventUid } = await import("./ical");
    expect(
      feedEventUid({
        kind: "contributionsDue",
        period: "2025-10",
        companyId: first.companyId,
        connectionId: person.connectionId,
      }),
    ).toBe(uid);
  });

  it("a reset gives a new link and the old one answers 404; an unknown or malformed token is 404", async ({
    person,
  }) => {
    const { calendarFeedUrl } = await import("./calendar-feed");
    const { postResetCalendarFeed } = await import("./feed-handlers");
    const old = await calendarFeedUrl(person.id);
    session.current = { sessionId: person.sessionId, userId: person.id };
    const reset = await (postResetCalendarFeed as Handler)(
      new NextRequest("http://localhost:3999/api/deadlines/calendar-feed/reset", { method: "POST" }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(reset.status).toBe(200);
    const fresh = ((await reset.json()) as { data: { url: string } }).data.url;
    expect(fresh).not.toBe(old);
    expect(await calendarFeedUrl(person.id)).toBe(fresh);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect((await fetchFeed(`http://localhost:3999/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed("http://localhost:3999/api/calendar/short.ics")).status).toBe(404);
  });

  it("holds nothing of workspaces the person is not a member of", async ({ person }) => {
    const { feedEvents } = await import("./calendar-feed");
    expect(await feedEvents(person.outsiderId)).toEqual([]);
    expect((await feedEvents(person.id)).every((event) => event.connectionId === person.connectionId)).toBe(true);
  });
});
