/**
 * The overview's filters and search as they stand in `/overview`'s URL, read by one function the
 * page (its `searchParams`), the route (`GET /api/overview`'s query schema, ./schemas.ts) and the
 * server's query share. Browser-safe and without zod (the page's links build URLs with it). A
 * value that does not fit is dropped rather than refused, so a hand-edited or outdated link still
 * opens the page.
 *
 * - `show`: any of `mine` (assigned to me), `overdue`, `approval` (waiting for my approval: In
 *   review and mine to approve), `blocked` (blockers found in the month), repeated in the URL
 *   (`?show=mine&show=overdue`); several narrow together (all must hold);
 * - `connection`: one payroll connection's companies (its id);
 * - `q`: search in the company's name, its number and the connection's name (case-insensitive).
 */
export const OVERVIEW_FILTERS = ["mine", "overdue", "approval", "blocked"] as const;
export type OverviewFilter = (typeof OVERVIEW_FILTERS)[number];

export const OVERVIEW_SEARCH_MAX_LENGTH = 100;

export interface OverviewSearchParams {
  /** In the canonical order, each once. */
  show: OverviewFilter[];
  connection: string | null;
  q: string | null;
}

/** The URL's search params as they come (Next's `searchParams`, or the route's parsed query). */
export type RawSearchParams = Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listOf = (value: string | string[] | undefined): string[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const firstOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function readOverviewSearchParams(raw: RawSearchParams): OverviewSearchParams {
  const shown = listOf(raw.show);
  const connection = firstOf(raw.connection);
  const q = (firstOf(raw.q) ?? "").trim().slice(0, OVERVIEW_SEARCH_MAX_LENGTH);
  return {
    show: OVERVIEW_FILTERS.filter((filter) => shown.includes(filter)),
    connection: connection !== undefined && UUID.test(connection) ? connection.toLowerCase() : null,
    q: q === "" ? null : q,
  };
}

/** The URL's search string for these filters (the page's links and the route's query), canonical and stable; "" without any. */
export function overviewSearchString(params: Partial<OverviewSearchParams>): string {
  const search = new URLSearchParams();
  for (const filter of OVERVIEW_FILTERS) if (params.show?.includes(filter)) search.append("show", filter);
  if (params.connection) search.set("connection", params.connection);
  if (params.q) search.set("q", params.q);
  const text = search.toString();
  return text ? `?${text}` : "";
}
