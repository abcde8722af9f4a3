"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { formatWhen } from "@/lib/audit/present";
import type { Locale } from "@/lib/i18n/locales";
import { auditApi } from "../client/api";
import type { VerifyReportBody } from "../schemas";

/**
 * `Verify the trail` on /audit: recomputes the workspace's hash chain on the server
 * (GET /api/audit/verify) and says whether it is intact, how many entries it checked and, if not,
 * the first entry changed, removed, inserted or moved. The answer is announced (a live region).
 */
export function VerifyTrail() {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const verify = useMutation({ mutationFn: () => auditApi.verify({}) });
  return (
    <section aria-labelledby="verify-trail-heading" className="space-y-2 rounded border border-slate-300 p-3">
      <h2 id="verify-trail-heading" className="font-semibold">
        {t("audit.verify.heading")}
      </h2>
      <p className="text-sm text-slate-700">{t("audit.verify.intro")}</p>
      <Button
        variant="secondary"
        disabled={verify.isPending}
        aria-busy={verify.isPending}
        onClick={() => verify.mutate()}
      >
        {verify.isPending ? t("audit.verify.running") : t("audit.verify.button")}
      </Button>
      {/* One live region, present before the answer arrives, so the answer is announced (the boxes inside have no role of their own). */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {verify.isError ? (
          <Notice tone="error" role={undefined}>
            {errorMessage(t, verify.error)}
          </Notice>
        ) : null}
        {verify.data ? <VerifyResult report={verify.data} locale={locale} /> : null}
      </div>
    </section>
  );
}

function VerifyResult({ report, locale }: { report: VerifyReportBody; locale: Locale }) {
  const t = useTranslations();
  const latest = report.checkpoints.latest;
  const checkpoint = latest
    ? t("audit.verify.checkpoint", { count: latest.count, when: formatWhen(locale, new Date(latest.signedAt)) })
    : t("audit.verify.noCheckpoint");
  if (report.intact)
    return (
      <Notice tone="success" role={undefined}>
        {t("audit.verify.intact", { count: report.checked })} {checkpoint}
      </Notice>
    );
  const broken = report.firstBreak;
  return (
    <Notice tone="error" role={undefined}>
      {broken
        ? t("audit.verify.broken", {
            problem: broken.problem,
            seq: broken.seq,
            when: broken.occurredAt ? formatWhen(locale, new Date(broken.occurredAt)) : "—",
            entry: broken.entryId ?? "—",
            count: report.checked,
          })
        : t("audit.verify.badCheckpoints", { count: report.checkpoints.invalid })}
    </Notice>
  );
}
