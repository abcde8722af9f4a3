import "server-only";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { Translate } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/locales";
import { formatMonth } from "@/lib/i18n/format";
import { addDays } from "@/lib/dates/calendar";
import type { IsoDate } from "../deadlines";

/**
 * A person's deadlines as an iCalendar (RFC 5545) document, written by ical-generator: VERSION,
 * PRODID, CALSCALE:GREGORIAN, METHOD:PUBLISH, DTSTAMP, CRLF line endings and lines folded at 75
 * octets, as Outlook and Google read them. Each deadline is an all-day event (DTSTART;VALUE=DATE,
 * DTEND the next day) whose UID names the connection, the company, the month and the deadline,
 * so a calendar that reads the feed again updates the event instead of adding one.
 */

export const FEED_EVENT_KINDS = ["cutOff", "statementLastDay", "contributionsDue", "wageTaxReturn"] as const;
export type FeedEventKind = (typeof FEED_EVENT_KINDS)[number];

export interface FeedEvent {
  kind: FeedEventKind;
  date: IsoDate;
  period: string;
  connectionId: string;
  companyId: number;
  companyName: string;
  workspaceName: string;
}

const UID_DOMAIN = "deadlines.ledgerlane";

export function feedEventUid(event: Pick<FeedEvent, "kind" | "period" | "connectionId" | "companyId">): string {
  return `${event.kind}-${event.period}-company-${event.companyId}-${event.connectionId}@${UID_DOMAIN}`;
}

export function calendarDocument(t: Translate, locale: Locale, events: readonly FeedEvent[], stamp: Date): string {
  const calendar = ical({
    prodId: { company: "Ledgerlane", product: "Deadlines", language: locale.toUpperCase() },
    name: t("deadlines.feed.calendarName"),
    scale: "gregorian",
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const event of events) {
    const values = {
      company: event.companyName,
      month: formatMonth(locale, event.period),
      workspace: event.workspaceName,
    };
    calendar.createEvent({
      id: feedEventUid(event),
      start: event.date,
      end: addDays(event.date, 1),
      allDay: true,
      stamp,
      summary: t(`deadlines.feed.summary.${event.kind}`, values),
      description: t(`deadlines.feed.description.${event.kind}`, values),
    });
  }
  return calendar.toString();
}
