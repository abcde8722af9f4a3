"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { StoredChoiceSwitcher } from "@/components/ui/stored-choice-switcher";
import { chooseBusinessAction } from "@/features/accounting/actions/server/business";
import { accountingKeys } from "@/features/accounting/query-keys";

export interface SwitcherBusiness {
  id: string;
  name: string;
}

/**
 * The header's business switcher, labelled `Business`: the person's businesses by their full names,
 * with type-to-search (a person may have two dozen); the choice is stored per person.
 */
export function BusinessSwitcher({ businesses, current }: { businesses: SwitcherBusiness[]; current: string | null }) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  return (
    <StoredChoiceSwitcher
      label={t("common.businessSwitcher")}
      options={businesses}
      current={current ?? ""}
      mutationKey={accountingKeys.selectedBusiness()}
      store={async (businessId) => {
        const result = await chooseBusinessAction({ businessId });
        if (!result.ok) throw new Error("The business was not stored.");
      }}
      // Whatever was read for the previous business is now someone else's view.
      forget={() => queryClient.invalidateQueries({ queryKey: accountingKeys.all })}
      service="accounting"
    />
  );
}
