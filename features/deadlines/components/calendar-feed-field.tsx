"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { deadlinesApi } from "@/features/deadlines/client/api";

/** /settings: the person's secret calendar link, and a reset that first says the old link stops working. */
export function CalendarFeedField({ initialUrl }: { initialUrl: string }) {
  const t = useTranslations();
  const [url, setUrl] = useState(initialUrl);
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationKey: ["calendar-feed", "reset"],
    mutationFn: () => deadlinesApi.resetCalendarFeed({}),
    onSuccess: (answer) => {
      setUrl(answer.url);
      setConfirming(false);
    },
  });
  return (
    <section aria-labelledby="calendar-feed-title" className="space-y-3">
      <h2 id="calendar-feed-title" className="text-xl font-semibold">
        {t("deadlines.feed.title")}
      </h2>
      <Field
        label={t("deadlines.feed.label")}
        hint={t("deadlines.feed.hint")}
        value={url}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t("deadlines.feed.reset")}
      </Button>
      <p role="status" className="text-sm text-green-800">
        {reset.isSuccess ? t("deadlines.feed.done") : ""}
      </p>
      <ConfirmDialog
        open={confirming}
        title={t("deadlines.feed.confirmTitle")}
        confirmLabel={t("deadlines.feed.confirm")}
        cancelLabel={t("deadlines.feed.cancel")}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
        pending={reset.isPending}
        error={reset.error ? <ErrorNotice error={reset.error} /> : null}
      >
        <p>{t("deadlines.feed.confirmText")}</p>
      </ConfirmDialog>
    </section>
  );
}
