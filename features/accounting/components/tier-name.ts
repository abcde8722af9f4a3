import type { Translate } from "@/lib/i18n/translate";

const TIERS = ["start", "standard", "plus"] as const;
const isTier = (id: string): id is (typeof TIERS)[number] => (TIERS as readonly string[]).includes(id);

/** A product tier in our own words by its id; a tier this build does not know by the service's name. */
export function tierName(t: Translate, id: string | null | undefined, serviceName: string | null | undefined): string {
  return id && isTier(id) ? t(`business.tiers.${id}`) : (serviceName ?? id ?? "");
}
