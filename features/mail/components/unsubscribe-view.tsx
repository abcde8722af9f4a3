"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { mailApi } from "@/features/mail/client/api";
import type { NotificationKind } from "@/features/notifications/kinds";

/** The unsubscribe page's question and its one button; null `scope`: the link is not valid. */
export function UnsubscribeView({ token, scope }: { token: string; scope: NotificationKind | "all" | null }) {
  const t = useTranslations("unsubscribe");
  const unsubscribe = useMutation({ mutationFn: () => mailApi.unsubscribe({ token }) });
  const heading = <h1 className="text-2xl font-bold">{t("title")}</h1>;
  if (scope === null) {
    return (
      <section className="max-w-2xl space-y-4">
        {heading}
        <Notice tone="warning">{t("invalid")}</Notice>
      </section>
    );
  }
  const settings = (
    <Link href="/settings/notifications" className="text-blue-700 underline">
      {t("settings")}
    </Link>
  );
  if (unsubscribe.isSuccess) {
    return (
      <section className="max-w-2xl space-y-4">
        {heading}
        <Notice tone="success">{scope === "all" ? t("doneAll") : t("done")}</Notice>
        <p>{settings}</p>
      </section>
    );
  }
  return (
    <section className="max-w-2xl space-y-4">
      {heading}
      <p className="text-slate-800">
        {scope === "all" ? t("questionAll") : t("question", { kind: t(`kinds.${scope}`) })}
      </p>
      <p className="text-slate-700">{t("explain")}</p>
      <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending} aria-busy={unsubscribe.isPending}>
        {t("confirm")}
      </Button>
      {unsubscribe.isError ? <Notice tone="error">{t("failed")}</Notice> : null}
      <p>{settings}</p>
    </section>
  );
}
