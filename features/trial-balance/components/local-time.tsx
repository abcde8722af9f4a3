"use client";

import { useSyncExternalStore } from "react";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

const never = () => () => {};
const OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "medium" };

/** A moment in the browser's time zone; the server renders UTC, and hydration switches without a mismatch. */
export function LocalTime({ iso, locale }: { iso: string; locale: Locale }) {
  const text = useSyncExternalStore(
    never,
    () => formatDate(locale, new Date(iso), OPTIONS),
    () => `${formatDate(locale, new Date(iso), { ...OPTIONS, timeZone: "UTC" })} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}
