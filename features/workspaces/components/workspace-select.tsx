"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { errorMessage } from "@/components/ui/error-text";
import { Switcher } from "@/components/ui/switcher";
import { useSwitcherTexts } from "@/components/ui/switcher-texts";
import { chooseWorkspaceAction } from "@/features/workspaces/server/actions";
import { workspaceKeys } from "@/features/workspaces/query-keys";
import type { ChooseWorkspaceInput } from "@/features/workspaces/schemas";

/**
 * The switcher's control (see features/workspaces/components/workspace-switcher.tsx), labelled `Workspace`: a list that
 * opens on demand and switches only when a workspace is picked (Enter or a click), so arrowing
 * through it moves nobody anywhere (the native select it replaces switched on every arrow key,
 * hence its separate Switch button). Keyed by the current workspace, so a switch starts it afresh.
 */
export function WorkspaceSelect({ workspaces, current }: { workspaces: { id: string; name: string }[]; current: string }) {
  const t = useTranslations();
  const texts = useSwitcherTexts();
  const router = useRouter();
  const queryClient = useQueryClient();
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
  // The choice shows while it is stored and the page re-renders; a failure shows the stored one again.
  const value = busy && !choose.isError ? (choose.variables?.workspaceId ?? current) : current;
  return (
    <Switcher
      label={t("common.workspaceSwitcher")}
      options={workspaces}
      value={value}
      disabled={busy}
      busy={busy}
      onChoose={(workspaceId) => choose.mutate({ workspaceId })}
      texts={texts}
      error={choose.isError ? errorMessage(t, choose.error) : undefined}
    />
  );
}
