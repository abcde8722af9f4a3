"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { PasskeyView } from "@/features/passkeys/schemas";

/** One passkey: its name, when added and last used; renamed in place, removed after a question (the section's). */
export function PasskeyRow({
  passkey,
  when,
  onRename,
  onRemove,
  pending,
}: {
  passkey: PasskeyView;
  when: (iso: string) => string;
  onRename: (name: string) => void;
  onRemove: () => void;
  pending: boolean;
}) {
  const t = useTranslations();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onRename(name.trim());
    setEditing(false);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      {editing ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <Field
            label={t("passkeys.renameLabel", { name: passkey.name })}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <Button type="submit" size="sm" disabled={pending}>
            {t("passkeys.save")}
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>
            {t("passkeys.cancel")}
          </Button>
        </form>
      ) : (
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium">{passkey.name}</p>
          <p className="text-sm text-slate-700">{t("passkeys.added", { when: when(passkey.createdAt) })}</p>
          <p className="text-sm text-slate-700">
            {passkey.lastUsedAt ? t("passkeys.lastUsed", { when: when(passkey.lastUsedAt) }) : t("passkeys.neverUsed")}
          </p>
        </div>
      )}
      {editing ? null : (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing(true)}
            aria-label={t("passkeys.renameOne", { name: passkey.name })}
          >
            {t("passkeys.rename")}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={onRemove}
            aria-label={t("passkeys.removeOne", { name: passkey.name })}
          >
            {t("passkeys.remove")}
          </Button>
        </div>
      )}
    </li>
  );
}
