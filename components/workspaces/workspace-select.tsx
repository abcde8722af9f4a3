"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { chooseWorkspaceAction } from "@/lib/workspaces/server/actions";
import { workspaceKeys } from "@/lib/workspaces/query-keys";
import type { ChooseWorkspaceInput } from "@/lib/workspaces/schemas";

/**
 * The switcher's control (see components/workspace-switcher.tsx): a select labelled `Workspace`
 * and a Switch button. Choosing in the select only chooses; the button switches. A closed native
 * select changes its value on arrow keys (Chromium fires `change` on each), so switching on
 * `change` moved a keyboard user into another workspace while they were only looking. Keyed by
 * the current workspace (components/workspace-switcher.tsx), so a switch starts it afresh.
 */
export function WorkspaceSelect({ workspaces, current }: { workspaces: { id: string; name: string }[]; current: string }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = useId();
  const [chosen, setChosen] = useState(current);
  const [refreshing, startRefresh] = useTransition();
  const choose = useMutation({
    mutationKey: workspaceKeys.active(),
    mutationFn: async (input: ChooseWorkspaceInput) => {
      const result = await chooseWorkspaceAction(input);
      if (!result.ok) throw Object.assign(new Error("The workspace was not stored."), { code: "not_found" });
      return result;
    },
    onSettled: () => {
      // Everything read in the previous workspace belongs to another view now.
      queryClient.clear();
      startRefresh(() => router.refresh());
    },
  });
  const busy = choose.isPending || refreshing;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm lg:shrink">
      <label htmlFor={id} className="shrink-0 text-slate-600 lg:max-xl:sr-only">
        {t("common.workspaceSwitcher")}
      </label>
      <select
        id={id}
        value={chosen}
        disabled={busy}
        aria-describedby={choose.isError ? `${id}-error` : undefined}
        onChange={(event) => setChosen(event.target.value)}
        className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 lg:w-auto lg:max-w-44"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 !py-1"
        disabled={busy || chosen === current}
        aria-busy={busy}
        onClick={() => choose.mutate({ workspaceId: chosen })}
      >
        {t("common.workspaceSwitch")}
      </Button>
      {choose.isError ? (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          {errorMessage(t, choose.error)}
        </span>
      ) : null}
    </div>
  );
}
