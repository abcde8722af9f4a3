"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { chooseBusinessAction } from "@/features/accounting/actions/server/business";
import type { ChooseBusinessInput } from "@/features/accounting/actions/schemas";
import { accountingKeys } from "@/features/accounting/query-keys";
import { errorMessage } from "../../../components/ui/error-text";
import { Switcher } from "../../../components/ui/switcher";
import { useSwitcherTexts } from "../../../components/ui/switcher-texts";
import { useTranslations } from "next-intl";

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
  const texts = useSwitcherTexts();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [refreshing, startRefresh] = useTransition();
  const choose = useMutation({
    mutationKey: accountingKeys.selectedBusiness(),
    mutationFn: async (input: ChooseBusinessInput) => {
      const result = await chooseBusinessAction(input);
      if (!result.ok) throw new Error("The business was not stored.");
      return result;
    },
    onSettled: async () => {
      // Whatever was read for the previous business is now someone else's view.
      await queryClient.invalidateQueries({ queryKey: accountingKeys.all });
      startRefresh(() => router.refresh());
    },
  });
  // The choice shows while it is stored and the page re-renders; then the stored business (`current`) rules again.
  const value = (choose.isPending || refreshing) && !choose.isError ? (choose.variables?.businessId ?? "") : (current ?? "");

  return (
    <Switcher
      label={t("common.businessSwitcher")}
      options={businesses}
      value={value}
      disabled={choose.isPending || refreshing}
      busy={choose.isPending || refreshing}
      onChoose={(businessId) => choose.mutate({ businessId })}
      texts={texts}
      error={choose.isError ? errorMessage(t, choose.error, "accounting") : undefined}
    />
  );
}
