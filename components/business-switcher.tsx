"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { chooseBusinessAction } from "@/lib/accounting/actions/server/business";
import type { ChooseBusinessInput } from "@/lib/accounting/actions/schemas";
import { accountingKeys } from "@/lib/accounting/query-keys";
import { errorMessage } from "./ui/error-text";
import { useTranslations } from "next-intl";

export interface SwitcherBusiness {
  id: string;
  name: string;
}

/** The header's business switcher: the person's businesses by name; the choice is stored per person. */
export function BusinessSwitcher({ businesses, current }: { businesses: SwitcherBusiness[]; current: string | null }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = useId();
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
    <div className="flex min-w-0 items-center gap-2 text-sm lg:shrink">
      <label htmlFor={id} className="shrink-0 text-slate-600 lg:max-xl:sr-only">
        {t("common.businessSwitcher")}
      </label>
      <select
        id={id}
        value={value}
        disabled={choose.isPending || refreshing || businesses.length === 0}
        aria-describedby={choose.isError ? `${id}-error` : undefined}
        onChange={(event) => choose.mutate({ businessId: event.target.value })}
        className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 lg:w-auto lg:max-w-56"
      >
        {businesses.map((business) => (
          <option key={business.id} value={business.id}>
            {business.name}
          </option>
        ))}
      </select>
      {choose.isError ? (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          {errorMessage(t, choose.error, "accounting")}
        </span>
      ) : null}
    </div>
  );
}
