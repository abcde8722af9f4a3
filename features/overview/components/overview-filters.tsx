"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { buttonClassName } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import {
  OVERVIEW_FILTERS,
  overviewSearchString,
  type OverviewFilter,
  type OverviewSearchParams,
} from "@/features/overview/filters";

const INPUT = "h-control rounded border border-slate-400 bg-white px-control-x text-control";
const SEARCH_DELAY_MS = 300;

/**
 * The overview's filters and search: a plain GET form (works before any script runs), and once
 * scripts run each change goes into the URL at once (`router.push`, so the back button undoes a
 * filter and the address is the view to share). Typing in the search replaces the URL's entry
 * (one entry per search, not per keystroke).
 */
export function OverviewFilters({
  params,
  connections,
}: {
  params: OverviewSearchParams;
  connections: { id: string; name: string }[];
}) {
  const t = useTranslations("overview.filters");
  const router = useRouter();
  // What the form shows at once (the URL follows; the server's rows come after it).
  const [shown, setShown] = useState(params);
  const [q, setQ] = useState(params.q ?? "");
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A new URL (back button, a link) shows its own filters and search text.
  const [seen, setSeen] = useState(params);
  if (seen !== params && overviewSearchString(seen) !== overviewSearchString(params)) {
    setSeen(params);
    setShown(params);
    setQ(params.q ?? "");
  }
  useEffect(() => () => (typing.current ? clearTimeout(typing.current) : undefined), []);

  const go = (next: Partial<OverviewSearchParams>, mode: "push" | "replace" = "push") => {
    const wanted = { ...shown, ...next };
    setShown(wanted);
    const url = `/overview${overviewSearchString(wanted)}`;
    if (mode === "push") router.push(url, { scroll: false });
    else router.replace(url, { scroll: false });
  };
  const toggle = (filter: OverviewFilter, on: boolean) =>
    go({ show: on ? [...shown.show, filter] : shown.show.filter((other) => other !== filter) });
  const onSearch = (value: string) => {
    setQ(value);
    if (typing.current) clearTimeout(typing.current);
    // The first letter of a search is a new history entry, the rest refine it.
    const mode = shown.q ? "replace" : "push";
    typing.current = setTimeout(() => go({ q: value.trim() || null }, mode), SEARCH_DELAY_MS);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typing.current) clearTimeout(typing.current);
    go({ q: q.trim() || null });
  };
  const filtered = shown.show.length > 0 || shown.connection !== null || shown.q !== null;

  return (
    <form method="get" action="/overview" onSubmit={submit} aria-labelledby="overview-filters" className="space-y-3">
      <h2 id="overview-filters" className="sr-only">
        {t("heading")}
      </h2>
      <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("show")}</legend>
          {OVERVIEW_FILTERS.map((filter) => (
            <label key={filter} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="show"
                value={filter}
                checked={shown.show.includes(filter)}
                onChange={(event) => toggle(filter, event.target.checked)}
                className="size-4"
              />
              {t(filter)}
            </label>
          ))}
        </fieldset>
        {connections.length > 1 ? (
          <Field compact label={t("connection")}>
            {(control) => (
              <Select
                {...control}
                name="connection"
                value={shown.connection ?? ""}
                onChange={(event) => go({ connection: event.target.value || null })}
                className="text-control"
                placeholder={t("anyConnection")}
                options={connections.map((connection) => ({ value: connection.id, label: connection.name }))}
              />
            )}
          </Field>
        ) : null}
        <label className="flex min-w-0 flex-col gap-1">
          <span className="text-sm font-medium text-slate-700">{t("search")}</span>
          <input
            type="search"
            name="q"
            value={q}
            onChange={(event) => onSearch(event.target.value)}
            placeholder={t("searchHint")}
            maxLength={100}
            className={`${INPUT} w-64 max-w-full`}
          />
        </label>
        <noscript>
          <button type="submit" className={buttonClassName("secondary", "sm")}>
            {t("apply")}
          </button>
        </noscript>
        {filtered ? (
          <Link href="/overview" scroll={false} className="pb-2 text-blue-700 underline">
            {t("reset")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
