"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { signInApi } from "@/features/sign-in/client/api";
import type { SessionView } from "@/features/sign-in/schemas";

const SESSIONS_KEY = ["sessions"] as const;

/** "26.11.2026, 21:05" in German time (the person's language's format). */
function when(locale: Locale, iso: string): string {
  return formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
}

/** The person's sessions as a list named `Sessions`: this device first and marked; another ends at once, all others after a question. */
export function SessionsSection({ initial }: { initial: SessionView[] }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await signInApi.listSessions({})).sessions,
    initialData: initial,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: (sessionId: string) => signInApi.endSession({ sessionId }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => signInApi.endOtherSessions({}),
    onSuccess: () => setConfirming(false),
    onSettled: refresh,
  });
  const list = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current).length;
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{t("security.sessionsHeading")}</h2>
      <ul aria-label={t("security.sessions")} className="divide-y divide-slate-200 rounded border border-slate-200">
        {list.map((session) => {
          const device = session.device ?? t("security.unknownDevice");
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">
                  {device}
                  {session.current ? (
                    <span className="ml-2 rounded bg-blue-100 px-2 py-0.5 text-sm text-blue-900">
                      {t("security.thisDevice")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {t("security.began", {
                    when: when(locale, session.startedAt),
                    method: t(`security.method.${session.method}`),
                  })}
                </p>
                <p className="text-sm text-slate-700">
                  {t("security.lastSeen", { when: when(locale, session.lastSeenAt) })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => endOne.mutate(session.id)}
                  disabled={endOne.isPending}
                  aria-label={t("security.signOutOne", { device })}
                >
                  {t("security.signOut")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {endOne.isError ? <Notice tone="error">{errorMessage(t, endOne.error)}</Notice> : null}
      {others > 0 ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("security.signOutOthers")}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">{t("security.noOthers")}</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("security.confirmTitle")}
        confirmLabel={t("security.confirmSignOutOthers", { count: others })}
        cancelLabel={t("security.cancel")}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setConfirming(false)}
        pending={endOthers.isPending}
        error={endOthers.isError ? <Notice tone="error">{errorMessage(t, endOthers.error)}</Notice> : undefined}
      >
        <p>{t("security.confirmText", { count: others })}</p>
      </ConfirmDialog>
    </div>
  );
}
