"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { chooseWorkspaceAction } from "@/features/workspaces/server/actions";

/** Switches to a workspace the person is a member of and shows the page again there (texts from the server component). */
export function SwitchWorkspaceButton({
  workspaceId,
  label,
  failedText,
}: {
  workspaceId: string;
  label: string;
  failedText: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [refreshing, startRefresh] = useTransition();
  const choose = useMutation({
    mutationFn: async () => {
      const result = await chooseWorkspaceAction({ workspaceId });
      if (!result.ok) throw new Error("The workspace was not stored.");
    },
    onSuccess: () => {
      // Everything read in the previous workspace belongs to another view now.
      queryClient.clear();
      startRefresh(() => router.refresh());
    },
  });
  const busy = choose.isPending || refreshing;
  return (
    <div className="space-y-2">
      <Button onClick={() => choose.mutate()} disabled={busy} aria-busy={busy}>
        {label}
      </Button>
      {choose.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {failedText}
        </p>
      ) : null}
    </div>
  );
}
