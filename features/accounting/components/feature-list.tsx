import { getTranslations } from "next-intl/server";
import type { FeatureState } from "@/features/accounting/server/features";
import type { MessageKey } from "@/lib/i18n/translate";

const FEATURE_LABEL: Record<FeatureState["key"], MessageKey> = {
  stock: "business.featureStock",
  currencies: "business.featureCurrencies",
  exchangeRates: "business.featureExchangeRates",
};

/** Which restricted feature groups the business's tier allows, in our own words (never the service's refusal text). */
export async function FeatureList({ features, tier }: { features: FeatureState[]; tier: string }) {
  const t = await getTranslations();
  const restricted = features.some((feature) => feature.available === false);
  return (
    <div className="max-w-2xl space-y-3">
      <h2 className="text-lg font-semibold">{t("business.features")}</h2>
      {restricted ? (
        <p className="text-slate-700">
          {tier ? t("business.tierRestricts", { tier }) : t("business.tierRestrictsUnnamed")}
        </p>
      ) : null}
      <ul className="space-y-1">
        <li>
          {t("business.featureTrialBalance")}: {t("business.featureAvailable")}
        </li>
        {features.map((feature) => (
          <li key={feature.key} data-available={String(feature.available)}>
            {t(FEATURE_LABEL[feature.key])}:{" "}
            {feature.available === false ? (
              <span className="text-slate-600">{t("business.featureNotInTier")}</span>
            ) : feature.available ? (
              t("business.featureAvailable")
            ) : (
              t("business.featureUnknown")
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
