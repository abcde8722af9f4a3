import "server-only";
import { getTranslations } from "next-intl/server";
import { now } from "@/lib/clock";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { isLocale } from "@/lib/i18n/locales";
import { deadlinesContract as contract } from "../contract";
import { feedEvents, feedOwner, resetCalendarFeed } from "./calendar-feed";
import { calendarDocument } from "./ical";

/**
 * `POST /api/deadlines/calendar-feed/reset` (the signed-in person's new link) and
 * `GET /api/calendar/<token>.ics` (the feed: no session, the token authenticates; malformed, reset or
 * unknown: 404).
 */

export const postResetCalendarFeed = withRoute({ ...contract.resetCalendarFeed }, async ({ user }) =>
  successResponse({ url: await resetCalendarFeed(user.id) }),
);

export const getCalendarFeed = withRoute({ ...contract.calendarFeed, auth: false }, async ({ params }) => {
  const owner = await feedOwner(params.token.replace(/\.ics$/, ""));
  if (!owner) throw new ApiError("not_found", "No calendar has this link (it may have been reset).");
  const locale = isLocale(owner.locale) ? owner.locale : "en";
  const [t, events] = await Promise.all([getTranslations({ locale }), feedEvents(owner.id)]);
  const body = calendarDocument(t, locale, events, now());
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="ledgerlane-deadlines.ics"',
      // The link is a secret: no shared cache keeps it.
      "cache-control": "private, no-store",
    },
  });
});
