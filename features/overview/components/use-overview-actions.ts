"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { overviewApi } from "@/features/overview/client/api";
import type { BulkApproveInput, BulkAssignInput } from "@/features/overview/types";

const overviewKeys = {
  assign: ["overview", "assign"] as const,
  approve: ["overview", "approve"] as const,
};

/**
 * The overview's changes: assigning clerks and approving months, each answering per company.
 * After each the page is rendered again by the server (`router.refresh()`), so the rows show the
 * new assignees and states; the answer's per-item results stay with the caller to show.
 */
export function useAssign() {
  const router = useRouter();
  return useMutation({
    mutationKey: overviewKeys.assign,
    mutationFn: (input: BulkAssignInput) => overviewApi.assign(input),
    onSettled: () => router.refresh(),
  });
}

export function useApprove() {
  const router = useRouter();
  return useMutation({
    mutationKey: overviewKeys.approve,
    mutationFn: (input: BulkApproveInput) => overviewApi.approve(input),
    onSettled: () => router.refresh(),
  });
}

/** A row's key in the selection and in results: its connection and company. */
export function rowKey(ref: { connectionId: string; companyId: number }): string {
  return `${ref.connectionId}:${ref.companyId}`;
}
