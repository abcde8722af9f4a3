import type { MessageKey, Translate } from "@/lib/i18n/translate";

const TIERS = ["start", "standard", "plus"] as const;

/** A product tier in our own words by its id; a tier this build does not know by the service's name. */
export function tierName(t: Translate, id: string | null | undefined, serviceName: string | null | undefined): string {
  return id && (TIERS as readonly string[]).includes(id) ? t(`business.tiers.${id}` as MessageKey) : (serviceName ?? id ?? "");
}
