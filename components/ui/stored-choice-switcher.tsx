"use client";

import { useMutation, type MutationKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { errorMessage, type ErrorService } from "./error-text";
import { Switcher } from "./switcher";
import { useSwitcherTexts } from "./switcher-texts";

/**
 * A header switcher whose choice is stored per person on the server (the business, the workspace):
 * picking one stores it, forgets what was read for the previous choice, and re-renders the page.
 * The choice shows while it is stored and the page re-renders; a failure shows the stored one
 * (`current`) again, with the reason below.
 */
export function StoredChoiceSwitcher({
  label,
  options,
  current,
  mutationKey,
  store,
  forget,
  service,
}: {
  label: string;
  options: { id: string; name: string }[];
  current: string;
  mutationKey: MutationKey;
  /** Stores the choice; throws when it was not stored. */
  store: (id: string) => Promise<unknown>;
  /** Drops what was read for the previous choice, once the store is settled. */
  forget: () => Promise<unknown> | void;
  service?: ErrorService;
}) {
  const t = useTranslations();
  const texts = useSwitcherTexts();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const choose = useMutation({
    mutationKey,
    mutationFn: store,
    onSettled: async () => {
      await forget();
      startRefresh(() => router.refresh());
    },
  });
  const busy = choose.isPending || refreshing;
  const value = busy && !choose.isError ? (choose.variables ?? current) : current;
  return (
    <Switcher
      label={label}
      options={options}
      value={value}
      disabled={busy}
      busy={busy}
      onChoose={(id) => choose.mutate(id)}
      texts={texts}
      error={choose.isError ? errorMessage(t, choose.error, service) : undefined}
    />
  );
}
