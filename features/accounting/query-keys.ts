/**
 * TanStack Query keys of the accounting feature, one per resource (browser-safe). Everything
 * accounting starts with `accountingKeys.all`, so a disconnect or a business switch invalidates it in one call.
 */
export const accountingKeys = {
  all: ["accounting"] as const,
  user: () => [...accountingKeys.all, "user"] as const,
  business: (businessId: string) => [...accountingKeys.all, "businesses", businessId] as const,
  selectedBusiness: () => [...accountingKeys.all, "selected-business"] as const,
  /** One column of the trial balance pack (`null`: the lead business). */
  trialBalancePeriod: (businessId: string | null, from: string, to: string) =>
    [...accountingKeys.all, "trial-balance", businessId, from, to] as const,
};
