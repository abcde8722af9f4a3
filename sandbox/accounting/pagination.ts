import type { SandboxResponse } from "../types";
import { apiError } from "./api-errors";

export const DEFAULT_ITEMS_PER_PAGE = 20;
export const MAX_ITEMS_PER_PAGE = 200;

export interface Listable {
  id: string;
  displayed_as: string;
  $path: string;
}

function positiveInteger(value: string | null, fallback: number): number | undefined {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/** Only the listed attributes (plus id, displayed_as and $path); `all` for everything. */
function selectAttributes(full: Record<string, unknown>, attributes: string | null): Record<string, unknown> {
  if (attributes === "all") return full;
  const out: Record<string, unknown> = { id: full.id, displayed_as: full.displayed_as, $path: full.$path };
  if (attributes) {
    for (const name of attributes.split(",").map((part) => part.trim())) {
      if (name in full) out[name] = full[name];
    }
  }
  return out;
}

/**
 * A list page the way the service paginates: `$total`, `$page`, `$next`, `$back`,
 * `$itemsPerPage`, `$items`. Items show id, displayed_as and $path unless
 * `attributes` asks for more; `items_per_page` above 200 is capped at 200.
 */
export function listPage<T>(
  listPath: string,
  query: URLSearchParams,
  records: T[],
  render: (record: T) => Listable & Record<string, unknown>,
  headers: Record<string, string>,
): { error: SandboxResponse } | { page: Record<string, unknown> } {
  const requested = positiveInteger(query.get("items_per_page"), DEFAULT_ITEMS_PER_PAGE);
  if (requested === undefined) {
    return {
      error: apiError(422, "InvalidParameter", "items_per_page must be a positive integer.", "items_per_page", headers),
    };
  }
  const page = positiveInteger(query.get("page"), 1);
  if (page === undefined) {
    return { error: apiError(422, "InvalidParameter", "page must be a positive integer.", "page", headers) };
  }
  const perPage = Math.min(requested, MAX_ITEMS_PER_PAGE);
  const start = (page - 1) * perPage;
  const slice = records.slice(start, start + perPage);
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(target));
    params.set("items_per_page", String(perPage));
    return `${listPath}?${params.toString()}`;
  };
  const attributes = query.get("attributes");
  return {
    page: {
      $total: records.length,
      $page: page,
      $next: start + perPage < records.length ? link(page + 1) : null,
      $back: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(records.length / perPage)))) : null,
      $itemsPerPage: perPage,
      $items: slice.map((record) => selectAttributes(render(record), attributes)),
    },
  };
}
