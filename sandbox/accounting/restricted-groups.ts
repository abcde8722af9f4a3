import type { BusinessRecord } from "./model";
import type { Listable } from "./pagination";

/**
 * Endpoint groups the middle tier (GB, IE) may not use. Other tiers get small,
 * static lists: the sandbox keeps no stock or currency data of its own.
 */
export const RESTRICTED_GROUPS: Record<string, string> = {
  stock_items: "stock_items",
  stock_movements: "stock_movement",
  stock_movement: "stock_movement",
  currencies: "currency",
  currency: "currency",
  business_exchange_rates: "business_exchange_rate",
  business_exchange_rate: "business_exchange_rate",
  exchange_rates: "exchange_rate",
  exchange_rate: "exchange_rate",
  live_exchange_rates: "live_exchange_rate",
  live_exchange_rate: "live_exchange_rate",
};

const CURRENCIES: Array<[string, string]> = [
  ["GBP", "Pound Sterling"],
  ["EUR", "Euro"],
  ["USD", "US Dollar"],
  ["CAD", "Canadian Dollar"],
  ["CHF", "Swiss Franc"],
];

/** Rates against one unit of GBP, fixed so answers are reproducible. */
const RATES: Record<string, string> = {
  GBP: "1.000000",
  EUR: "1.165000",
  USD: "1.270000",
  CAD: "1.760000",
  CHF: "1.120000",
};

function rate(base: string, target: string): string {
  const from = Number(RATES[base] ?? "1");
  const to = Number(RATES[target] ?? "1");
  return (to / from).toFixed(6);
}

export function groupItems(group: string, business: BusinessRecord): Array<Listable & Record<string, unknown>> {
  const foreign = CURRENCIES.filter(([code]) => code !== business.currency);
  switch (group) {
    case "currency":
      return CURRENCIES.map(([id, name]) => ({ id, displayed_as: `${name} (${id})`, $path: `/currencies/${id}` }));
    case "exchange_rate":
    case "live_exchange_rate": {
      const base = group === "exchange_rate" ? "/exchange_rates" : "/live_exchange_rates";
      return foreign.map(([id, name]) => ({
        id,
        displayed_as: `${name} (${id})`,
        $path: `${base}/${id}`,
        base_currency: business.currency,
        rate: rate(business.currency, id),
        inverse_rate: rate(id, business.currency),
      }));
    }
    case "stock_items":
      return [
        ["3f1c0a", "Oak board 2m", "OAK-2M"],
        ["7b2e91", "Brass hinge (pair)", "HNG-BR"],
        ["c4d5e6", "Wood finish 1l", "FIN-1L"],
      ].map(([id, name, code]) => ({
        id: `${business.id.slice(0, 26)}${id}`,
        displayed_as: name ?? "",
        $path: `/stock_items/${business.id.slice(0, 26)}${id}`,
        item_code: code,
      }));
    default:
      return [];
  }
}
