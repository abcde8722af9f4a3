"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { StoredChoiceSwitcher } from "@/components/ui/stored-choice-switcher";
import { chooseWorkspaceAction } from "@/features/workspaces/server/actions";
import { workspaceKeys } from "@/features/workspaces/query-keys";

/**
 * The switcher's control (see features/workspaces/components/workspace-switcher.tsx), labelled `Workspace`: a list that
 * opens on demand and switches only when a workspace is picked (Enter or a click), so arrowing
 * through it moves nobody anywhere (the native select it replaces switched on every arrow key,
 * hence its separate Switch button). Keyed by the current workspace, so a switch starts it afresh.
 */
export function WorkspaceSelect({
  workspaces,
  current,
}: {
  workspaces: { id: string; name: string }[];
  current: string;
}) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  return (
    <StoredChoiceSwitcher
      label={t("common.workspaceSwitcher")}
      options={workspaces}
      current={current}
      mutationKey={workspaceKeys.active()}
      store={async (workspaceId) => {
        const result = await chooseWorkspaceAction({ workspaceId });
        if (!result.ok) throw Object.assign(new Error("The workspace was not stored."), { code: "not_found" });
      }}
      // Everything read in the previous workspace belongs to another view now.
      forget={() => queryClient.clear()}
    />
  );
}
