"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { chooseBusinessAction } from "@/app/user/actions";
import { useTranslations } from "next-intl";

export interface SwitcherBusiness {
  id: string;
  name: string;
}

/** The header's business switcher: the person's businesses by name; the choice is stored per person. */
export function BusinessSwitcher({ businesses, current }: { businesses: SwitcherBusiness[]; current: string | null }) {
  const t = useTranslations();
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(current ?? "");
  const [pending, startTransition] = useTransition();

  function choose(next: string) {
    setValue(next);
    startTransition(async () => {
      const result = await chooseBusinessAction(next);
      if (!result.ok) setValue(current ?? "");
      router.refresh();
    });
  }

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-600">
        {t("common.businessSwitcher")}
      </label>
      <select
        id={id}
        value={value}
        disabled={pending || businesses.length === 0}
        onChange={(event) => choose(event.target.value)}
        className="max-w-56 rounded border border-slate-300 bg-white px-2 py-1"
      >
        {businesses.map((business) => (
          <option key={business.id} value={business.id}>
            {business.name}
          </option>
        ))}
      </select>
    </div>
  );
}
