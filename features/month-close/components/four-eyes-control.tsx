"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ErrorNotice } from "@/components/ui/error-notice";
import { membersQuery } from "@/features/workspaces/components/members-query";
import { monthCloseApi } from "@/features/month-close/client/api";

interface FourEyesSetting {
  setting: boolean | null;
  effective: boolean;
  members: number;
}

/** /settings/workspace: four eyes for the month close, switched by an owner (recorded in the audit trail). */
export function FourEyesControl({
  workspaceId,
  owner,
  initial,
}: {
  workspaceId: string;
  owner: boolean;
  initial: FourEyesSetting;
}) {
  const t = useTranslations();
  const [current, setCurrent] = useState(initial);
  // The member count follows the members list on the same page (a removal there updates it), not only this page's first render.
  const { data: memberList } = useQuery({ ...membersQuery(workspaceId), enabled: false });
  const members = memberList?.length ?? current.members;
  const effective = current.setting === null ? members >= 2 : current.effective;
  const save = useMutation({
    mutationKey: ["workspaces", workspaceId, "four-eyes"],
    mutationFn: (enabled: boolean) => monthCloseApi.setFourEyes({ workspaceId, enabled }),
    onSuccess: setCurrent,
    // Shown at once (a checkbox answers its click); put back when the change was refused.
    onMutate: (enabled) => {
      const before = current;
      setCurrent({ ...current, setting: enabled, effective: enabled });
      return before;
    },
    onError: (_error, _enabled, before) => {
      if (before) setCurrent(before);
    },
  });
  return (
    <section aria-labelledby="four-eyes-title" className="space-y-2">
      <h2 id="four-eyes-title" className="text-xl font-semibold">
        {t("monthClose.fourEyesTitle")}
      </h2>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={effective}
          disabled={!owner || save.isPending}
          aria-describedby="four-eyes-hint"
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span>{t("monthClose.fourEyesLabel")}</span>
      </label>
      <p id="four-eyes-hint" className="text-sm text-slate-700">
        {t("monthClose.fourEyesDefault", { members })} {owner ? "" : t("monthClose.fourEyesOwnerOnly")}
      </p>
      <p role="status" className="text-sm text-green-800">
        {save.isSuccess ? t("monthClose.fourEyesSaved") : ""}
      </p>
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </section>
  );
}
