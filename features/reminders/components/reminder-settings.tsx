"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { parseReminderDays, reminderDaysProblem, type ReminderDaysProblem } from "@/features/reminders/days";
import { remindersApi } from "@/features/reminders/client/api";

const PROBLEMS: readonly string[] = ["whole", "range", "tooMany", "duplicate"] satisfies ReminderDaysProblem[];

/** /settings/workspace: the reminder points, set by an owner (checked here and by the route, whose field errors show the same way). */
export function ReminderSettings({
  workspaceId,
  owner,
  initial,
}: {
  workspaceId: string;
  owner: boolean;
  initial: number[];
}) {
  const t = useTranslations("reminders");
  const [text, setText] = useState(initial.join(", "));
  const [problem, setProblem] = useState<ReminderDaysProblem | null>(null);
  const save = useMutation({
    mutationFn: (days: number[]) => remindersApi.setDays({ workspaceId, days }),
    onSuccess: (answer) => setText(answer.days.join(", ")),
    onError: (error) => {
      const field = error instanceof ApiRequestError ? error.body.fields?.days : undefined;
      if (field && PROBLEMS.includes(field)) setProblem(field as ReminderDaysProblem);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = parseReminderDays(text);
    const found = reminderDaysProblem(days);
    setProblem(found);
    if (!found) save.mutate(days);
  };
  const fieldProblem = problem !== null;
  return (
    <section aria-labelledby="reminders-title" className="space-y-2">
      <h2 id="reminders-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field
          label={t("label")}
          name="reminderDays"
          inputMode="numeric"
          value={text}
          readOnly={!owner}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          hint={owner ? t("hint") : `${t("hint")} ${t("ownerOnly")}`}
          error={problem ? t(`problems.${problem}`) : undefined}
        />
        {owner ? (
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {t("save")}
          </Button>
        ) : null}
        <p role="status" className="text-sm text-green-800">
          {save.isSuccess && !fieldProblem ? t("saved") : ""}
        </p>
        {save.error && !fieldProblem ? <ErrorNotice error={save.error} /> : null}
      </form>
    </section>
  );
}
