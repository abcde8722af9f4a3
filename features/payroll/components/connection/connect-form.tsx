"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorBody, errorMessage } from "@/components/ui/error-text";
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
      <h2 className="text-lg font-semibold">{adding ? t("payroll.connection.addTitle") : t("payroll.connection.title")}</h2>
      <p className="text-slate-700">{adding ? t("payroll.connection.addIntro") : t("payroll.connection.intro")}</p>
      <div className="space-y-1">
        <label htmlFor="payroll-api-key" className="block font-medium">
          {t("payroll.connection.apiKey")}
        </label>
        <input
          id="payroll-api-key"
          name="apiKey"
          type="password"
          autoComplete="off"
          required
          aria-invalid={errors.apiKey ? true : undefined}
          aria-describedby="payroll-api-key-hint payroll-api-key-error"
          className="w-full rounded border border-slate-400 px-3 py-2"
        />
        <p id="payroll-api-key-hint" className="text-sm text-slate-600">
          {t("payroll.connection.apiKeyHint")}
        </p>
        <p id="payroll-api-key-error" className="text-sm text-red-700">
          {errors.apiKey}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor="payroll-base-url" className="block font-medium">
          {t("payroll.connection.baseUrl")}
        </label>
        <input
          id="payroll-base-url"
          name="baseUrl"
          type="url"
          placeholder={defaultBaseUrl}
          aria-invalid={errors.baseUrl ? true : undefined}
          aria-describedby="payroll-base-url-hint payroll-base-url-error"
          className="w-full rounded border border-slate-400 px-3 py-2"
        />
        <p id="payroll-base-url-hint" className="text-sm text-slate-600">
          {t("payroll.connection.baseUrlHint", { url: defaultBaseUrl })}
        </p>
        <p id="payroll-base-url-error" className="text-sm text-red-700">
          {errors.baseUrl}
        </p>
      </div>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? t("payroll.connection.connecting") : t("payroll.connection.connect")}
      </Button>
    </form>
  );
}
