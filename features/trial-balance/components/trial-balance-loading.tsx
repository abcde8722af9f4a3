import { getTranslations } from "next-intl/server";

/** Shown while the service prepares the figures. */
export async function TrialBalanceLoading() {
  const t = await getTranslations();
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <p className="text-slate-700">{t("trialBalance.states.loading")}</p>
      <div
        aria-hidden="true"
        className="h-[60vh] animate-pulse rounded-lg border border-slate-200 bg-[repeating-linear-gradient(to_bottom,white_0,white_43px,rgb(241_245_249)_43px,rgb(241_245_249)_44px)]"
      />
    </div>
  );
}
