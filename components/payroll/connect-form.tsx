"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { MessageKey } from "@/lib/i18n/translate";
import { problemText, sendJson } from "./problem-text";

export function ConnectForm({ defaultBaseUrl }: { defaultBaseUrl: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    setMessage(null);
    const { data } = await sendJson("POST", "/api/payroll/connection", { apiKey: String(form.get("apiKey") ?? ""), baseUrl: String(form.get("baseUrl") ?? "") });
    setPending(false);
    if (data.ok) {
      router.refresh();
      return;
    }
    const fields = data.error?.fields ?? {};
    const texts: Record<string, string> = {};
    for (const [field, code] of Object.entries(fields)) {
      texts[field] =
        code === "keyRefused" ? t("payroll.connection.keyRefused") : code === "baseUrlNotAllowed" ? t("payroll.connection.baseUrlNotAllowed", { url: defaultBaseUrl }) : problemText(t, code);
    }
    setErrors(texts);
    if (Object.keys(texts).length === 0) setMessage(errorText(t, data.error?.code));
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-5" noValidate>
      <h2 className="text-lg font-semibold">{t("payroll.connection.title")}</h2>
      <p className="text-slate-700">{t("payroll.connection.intro")}</p>
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
      {message ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3">
          {message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} aria-busy={pending} className="rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
        {pending ? t("payroll.connection.connecting") : t("payroll.connection.connect")}
      </button>
    </form>
  );
}

export function errorText(t: (key: MessageKey, values?: Record<string, string | number>) => string, code: string | undefined): string {
  switch (code) {
    case "not_connected":
      return t("payrollErrors.notConnected");
    case "unknown_company":
      return t("payrollErrors.unknownCompany");
    case "key_refused":
      return t("payrollErrors.keyRefused");
    case "unavailable":
      return t("payrollErrors.unavailable");
    case "upstream_unreachable":
      return t("payrollErrors.network");
    default:
      return t("payrollErrors.generic");
  }
}
