import "server-only";
import type { AccountingClient } from "./accounting-service";

/** Endpoint groups that some product tiers restrict (spec: the middle tier, UK and Ireland). */
export const TIER_FEATURES = [
  { key: "stock", path: "/stock_items?items_per_page=1" },
  { key: "currencies", path: "/currencies?items_per_page=1" },
  { key: "exchangeRates", path: "/exchange_rates?items_per_page=1" },
] as const;

export type FeatureKey = (typeof TIER_FEATURES)[number]["key"];
/** Whether a group is available (null: the service did not say). The refusal's own text is not kept: the page says it in our words. */
export interface FeatureState {
  key: FeatureKey;
  available: boolean | null;
}

/** Asks the service, for one business, which restricted groups its tier allows. */
export async function featureAvailability(client: AccountingClient, businessId: string): Promise<FeatureState[]> {
  return Promise.all(
    TIER_FEATURES.map(async ({ key, path }): Promise<FeatureState> => {
      try {
        const response = await client.send({ method: "GET", path, business: businessId });
        if (response.status < 300) return { key, available: true };
        return response.status === 403 ? { key, available: false } : { key, available: null };
      } catch {
        return { key, available: null };
      }
    }),
  );
}
