"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { MAIL_MODES, type MailMode } from "@/features/notifications/kinds";
import { notificationsApi } from "@/features/notifications/client/api";
import { notificationKeys } from "@/features/notifications/query-keys";
import type { Preferences } from "@/features/notifications/schemas";

const MODE_TEXT = { single: "single", daily_digest: "dailyDigest" } as const satisfies Record<MailMode, string>;

/**
 * /settings/notifications: per kind a fieldset named by the kind, with `In the app` and `By e-mail`,
 * and whether the e-mails come one by one or as a daily digest. Saved together (PUT, the shared
 * schema features/notifications/schemas.ts).
 */
export function PreferencesForm({ initial }: { initial: Preferences }) {
  const t = useTranslations("notifications");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const save = useMutation({
    mutationFn: (preferences: Preferences) => notificationsApi.savePreferences(preferences),
    onSuccess: (saved) => {
      setDraft(saved);
      queryClient.setQueryData(notificationKeys.preferences(), saved);
    },
  });
  const choose = (kind: Preferences["kinds"][number]["kind"], channel: "inApp" | "byEmail", value: boolean) => {
    save.reset();
    setDraft((current) => ({
      ...current,
      kinds: current.kinds.map((choice) => (choice.kind === kind ? { ...choice, [channel]: value } : choice)),
    }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {draft.kinds.map((choice) => (
          <fieldset key={choice.kind} className="space-y-1 rounded border border-slate-200 bg-white p-3">
            <legend className="px-1 font-medium">{t(`kinds.${choice.kind}`)}</legend>
            {(["inApp", "byEmail"] as const).map((channel) => (
              <label key={channel} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={choice[channel]}
                  onChange={(event) => choose(choice.kind, channel, event.target.checked)}
                />
                {t(`settings.${channel}`)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("settings.mailMode")}</legend>
        {MAIL_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-2">
            <input
              type="radio"
              name="mailMode"
              className="size-4"
              checked={draft.mailMode === mode}
              onChange={() => {
                save.reset();
                setDraft((current) => ({ ...current, mailMode: mode }));
              }}
            />
            {t(`settings.${MODE_TEXT[mode]}`)}
          </label>
        ))}
        <p className="text-sm text-slate-600">{t("settings.noEmail")}</p>
      </fieldset>
      {save.error ? <ErrorNotice error={save.error} /> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {t("settings.save")}
        </Button>
        <p role="status">{save.isSuccess ? t("settings.saved") : ""}</p>
      </div>
    </form>
  );
}
