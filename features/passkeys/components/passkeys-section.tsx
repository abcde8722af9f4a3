"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { passkeysApi } from "@/features/passkeys/client/api";
import { createPasskey, PasskeyCancelled } from "@/features/passkeys/client/ceremony";
import type { PasskeyView } from "@/features/passkeys/schemas";
import { PasskeyRow } from "./passkey-row";

export const PASSKEYS_KEY = ["passkeys"] as const;

/** The person's passkeys as a list named `Passkeys`: added (`Add a passkey`), renamed, removed after a question. */
export function PasskeysSection({ initial, onAdded }: { initial: PasskeyView[]; onAdded?: () => void }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const passkeys = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => (await passkeysApi.listPasskeys({})).passkeys,
    initialData: initial,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const add = useMutation({
    mutationFn: () => createPasskey(name.trim() || t("passkeys.defaultName", { number: passkeys.data.length + 1 })),
    onSuccess: () => {
      setName("");
      onAdded?.();
    },
    onSettled: refresh,
  });
  const rename = useMutation({
    mutationFn: (change: { passkeyId: string; name: string }) => passkeysApi.renamePasskey(change),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (passkeyId: string) => passkeysApi.removePasskey({ passkeyId }),
    onSuccess: () => setRemoving(null),
    onSettled: refresh,
  });
  const when = (iso: string) =>
    formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{t("passkeys.heading")}</h2>
      <p className="text-sm text-slate-700">{t("passkeys.intro")}</p>
      {passkeys.data.length === 0 ? <p className="text-sm text-slate-700">{t("passkeys.none")}</p> : null}
      <ul aria-label={t("passkeys.list")} className="divide-y divide-slate-200 rounded border border-slate-200">
        {passkeys.data.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            when={when}
            pending={rename.isPending}
            onRename={(newName) => rename.mutate({ passkeyId: passkey.id, name: newName })}
            onRemove={() => setRemoving(passkey)}
          />
        ))}
      </ul>
      {rename.isError ? <Notice tone="error">{errorMessage(t, rename.error)}</Notice> : null}
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={t("passkeys.nameLabel")}
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
        <Button onClick={() => add.mutate()} disabled={add.isPending} aria-busy={add.isPending}>
          {t("passkeys.add")}
        </Button>
      </div>
      <div aria-live="polite">
        {add.error instanceof PasskeyCancelled ? <Notice tone="info">{t("passkeys.cancelled")}</Notice> : null}
        {add.isError && !(add.error instanceof PasskeyCancelled) ? (
          <Notice tone="error">{errorMessage(t, add.error)}</Notice>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{t("passkeys.linking")}</p>
      <ConfirmDialog
        open={removing !== null}
        title={t("passkeys.removeTitle", { name: removing?.name ?? "" })}
        confirmLabel={t("passkeys.removeConfirm")}
        cancelLabel={t("passkeys.cancel")}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
        pending={remove.isPending}
        error={remove.isError ? <Notice tone="error">{errorMessage(t, remove.error)}</Notice> : undefined}
      >
        <p>{t("passkeys.removeText")}</p>
      </ConfirmDialog>
    </div>
  );
}
