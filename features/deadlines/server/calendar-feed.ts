import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { shiftMonths } from "@/lib/dates/calendar";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { pathWith } from "@/lib/http/contract";
import { companyDeadlineSettings, companyMonthDeadlines } from "./company-deadlines";
import type { FeedEvent } from "./ical";
import { deadlinesRoutes } from "../routes";

/**
 * The person's secret calendar feed link and what it holds. The token is an HMAC-SHA256 of a
 * random nonce under NEXTAUTH_SECRET: the database keeps the nonce and the token's SHA-256 (to
 * find the person), never the token, so a copy of the database alone opens no feed, while
 * /settings can show the same link again. A reset draws a new nonce: the old link answers 404.
 * Changing NEXTAUTH_SECRET changes every link (as it signs everyone out).
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Months of deadlines in the feed: from two months back to twelve ahead of the current one. */
export const FEED_MONTHS = { back: 2, ahead: 12 } as const;

function tokenOf(nonce: string): string {
  return createHmac("sha256", serverEnv().NEXTAUTH_SECRET).update(`calendar-feed:${nonce}`).digest("base64url");
}

function hashOf(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function feedUrl(token: string): string {
  return new URL(pathWith(deadlinesRoutes.calendarFeed.path, { token: `${token}.ics` }), serverEnv().NEXTAUTH_URL).href;
}

async function storeNewNonce(userId: string): Promise<string> {
  const nonce = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(tokenOf(nonce));
  await getDb().calendarFeed.upsert({
    where: { userId },
    create: { userId, nonce, tokenHash },
    update: { nonce, tokenHash, createdAt: now() },
  });
  return tokenOf(nonce);
}

/** The person's feed link, made on first use. */
export async function calendarFeedUrl(userId: string): Promise<string> {
  const row = await getDb().calendarFeed.findUnique({ where: { userId }, select: { nonce: true } });
  return feedUrl(row ? tokenOf(row.nonce) : await storeNewNonce(userId));
}

/** A new link for the person; the old one stops working at once. */
export async function resetCalendarFeed(userId: string): Promise<string> {
  return feedUrl(await storeNewNonce(userId));
}

/** The person a feed token belongs to, or null (a malformed, reset or unknown token). */
export async function feedOwner(token: string): Promise<{ id: string; locale: string } | null> {
  if (!TOKEN.test(token)) return null;
  const row = await getDb().calendarFeed.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { user: { select: { id: true, locale: true } } },
  });
  return row?.user ?? null;
}

/** The deadlines of every company of every workspace the person is a member of (a client's: their own), for the feed's months. */
export async function feedEvents(userId: string): Promise<FeedEvent[]> {
  const db = getDb();
  const connections = await db.payrollConnection.findMany({
    where: { disconnectedAt: null, workspace: { members: { some: { userId } } } },
    select: {
      id: true,
      workspace: { select: { name: true, members: { where: { userId }, select: { roles: true } } } },
      companies: { select: { companyId: true, name1: true }, orderBy: { companyId: "asc" } },
      // A client's feed holds their own companies only (features/workspaces/permissions.ts).
      clientCompanies: { where: { userId }, select: { companyId: true } },
    },
    orderBy: { createdAt: "asc" },
  });
  const current = berlinToday(now()).slice(0, 7);
  const periods = Array.from({ length: FEED_MONTHS.back + FEED_MONTHS.ahead + 1 }, (_, index) =>
    shiftMonths(`${current}-01`, index - FEED_MONTHS.back).slice(0, 7),
  );
  const events: FeedEvent[] = [];
  for (const connection of connections) {
    const client = connection.workspace.members.some((member) => member.roles.includes("client"));
    const own = new Set(connection.clientCompanies.map((company) => company.companyId));
    const companies = client
      ? connection.companies.filter((company) => own.has(company.companyId))
      : connection.companies;
    const settings = await companyDeadlineSettings(
      db,
      connection.id,
      companies.map((company) => company.companyId),
    );
    for (const company of companies) {
      const setting = settings.get(company.companyId)!;
      const base = {
        connectionId: connection.id,
        companyId: company.companyId,
        companyName: company.name1,
        workspaceName: connection.workspace.name,
      };
      for (const period of periods) {
        const dates = companyMonthDeadlines(setting, period);
        events.push(
          { ...base, period, kind: "cutOff", date: dates.cutOff },
          { ...base, period, kind: "statementLastDay", date: dates.statementLastDay },
          { ...base, period, kind: "contributionsDue", date: dates.contributionsDue },
          { ...base, period, kind: "wageTaxReturn", date: dates.wageTaxReturn },
        );
      }
    }
  }
  return events;
}
