"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorBody, errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/features/payroll/client/api";
import type { ConnectInput } from "@/features/payroll/connection/schemas";
import { payrollKeys } from "@/features/payroll/query-keys";
import { problemText } from "./problem-text";

/**
 * Connects a payroll customer to the workspace (owners): the first one, another one (`adding`), or
 * a kept one again (the same customer gets its drafts, import reports and history back).
 */
export function ConnectForm({
  defaultBaseUrl,
  adding = false,
  onConnected,
}: {
  defaultBaseUrl: string;
  adding?: boolean;
  onConnected?: () => void;
}) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const connect = useMutation({
    mutationFn: (input: ConnectInput) => payrollApi.connect(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.all });
      onConnected?.();
      router.refresh();
    },
  });

  // Field codes land under their inputs; any other failure (a network one too) is one message.
  const fields = connect.error ? (errorBody(connect.error).fields ?? {}) : {};
  const errors: Record<string, string> = {};
  for (const [field, code] of Object.entries(fields)) {
    errors[field] =
      code === "keyRefused"
        ? t("payroll.connection.keyRefused")
        : code === "baseUrlNotAllowed"
          ? t("payroll.connection.baseUrlNotAllowed", { url: defaultBaseUrl })
          : problemText(t, code);
  }
  const message = connect.error && Object.keys(errors).length === 0 ? errorMessage(t, connect.error) : null;
  const pending = connect.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    connect.mutate({ apiKey: String(form.get("apiKey") ?? ""), baseUrl: String(form.get("baseUrl") ?? "") });
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-5" noValidate>
      <h2 className="text-lg font-semibold">
        {adding ? t("payroll.connection.addTitle") : t("payroll.connection.title")}
      </h2>
      <p className="text-slate-700">{adding ? t("payroll.connection.addIntro") : t("payroll.connection.intro")}</p>
      <Field
        id="payroll-api-key"
        label={t("payroll.connection.apiKey")}
        hint={t("payroll.connection.apiKeyHint")}
        hintClassName="text-sm text-slate-600"
        error={errors.apiKey}
        name="apiKey"
        type="password"
        autoComplete="off"
        required
      />
      <Field
        id="payroll-base-url"
        label={t("payroll.connection.baseUrl")}
        hint={t("payroll.connection.baseUrlHint", { url: defaultBaseUrl })}
        hintClassName="text-sm text-slate-600"
        error={errors.baseUrl}
        name="baseUrl"
        type="url"
        placeholder={defaultBaseUrl}
      />
      {message ? <Notice tone="error">{message}</Notice> : null}
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? t("payroll.connection.connecting") : t("payroll.connection.connect")}
      </Button>
    </form>
  );
}
