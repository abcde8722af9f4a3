"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { errorBody, errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { apiFetchOrThrow } from "@/lib/http/browser-fetch";
import { payrollKeys } from "@/lib/payroll/query-keys";
import { problemText } from "./problem-text";

export function ConnectForm({ defaultBaseUrl }: { defaultBaseUrl: string }) {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const lastInput = useRef<ConnectBody | null>(null);
  // The key is another customer's while data of the kept one would be lost: asked in a dialog,
  // which stays open (pending, or with the failure) while the confirmed connect runs.
  const [other, setOther] = useState<KeptDataConflict | null>(null);
  const connect = useMutation({
    mutationFn: (input: ConnectBody) => {
      lastInput.current = input;
      return apiFetchOrThrow("/api/payroll/connection", { method: "POST", body: input });
    },
    onError: (error) => {
      const conflict = keptDataConflict(error);
      if (conflict) setOther(conflict);
    },
    onSuccess: async () => {
      setOther(null);
      await queryClient.invalidateQueries({ queryKey: payrollKeys.all });
      router.refresh();
    },
  });

  // Field codes land under their inputs; any other failure (a network one too) is one message.
  const fields = connect.error ? (errorBody(connect.error).fields ?? {}) : {};
  const errors: Record<string, string> = {};
  for (const [field, code] of Object.entries(fields)) {
    errors[field] =
      code === "keyRefused" ? t("payroll.connection.keyRefused") : code === "baseUrlNotAllowed" ? t("payroll.connection.baseUrlNotAllowed", { url: defaultBaseUrl }) : problemText(t, code);
  }
  const message = connect.error && !keptDataConflict(connect.error) && Object.keys(errors).length === 0 ? errorMessage(t, connect.error) : null;
  const pending = connect.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    connect.mutate({ apiKey: String(form.get("apiKey") ?? ""), baseUrl: String(form.get("baseUrl") ?? "") });
  }

  const otherDialog = (
    <ConfirmDialog
      open={other !== null}
      title={t("payroll.connection.otherCustomerTitle")}
      confirmLabel={t("payroll.connection.otherCustomerConfirm", { name: other?.newUsername ?? "" })}
      cancelLabel={t("payroll.connection.cancel")}
      pending={pending}
      onConfirm={() => lastInput.current && connect.mutate({ ...lastInput.current, replaceKeptData: true })}
      onCancel={() => setOther(null)}
      error={message ? <Notice tone="error">{message}</Notice> : null}
    >
      {other ? (
        <>
          <p>{t("payroll.connection.otherCustomerText", { newName: other.newUsername, name: other.keptData.username, url: other.keptData.baseUrl })}</p>
          <ul className="list-disc pl-5">
            <li>{t("payroll.connection.countDrafts", { count: other.keptData.counts.drafts })}</li>
            <li>{t("payroll.connection.countImports", { count: other.keptData.counts.imports })}</li>
            <li>{t("payroll.connection.countTransfers", { count: other.keptData.counts.transfers })}</li>
          </ul>
          <p>{t("payroll.connection.otherCustomerKeep", { name: other.keptData.username })}</p>
        </>
      ) : null}
    </ConfirmDialog>
  );

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
      {message && !other ? <Notice tone="error">{message}</Notice> : null}
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? t("payroll.connection.connecting") : t("payroll.connection.connect")}
      </Button>
      {otherDialog}
    </form>
  );
}

interface ConnectBody {
  apiKey: string;
  baseUrl: string;
  replaceKeptData?: boolean;
}

interface KeptDataConflict {
  newUsername: string;
  keptData: { username: string; baseUrl: string; counts: { drafts: number; imports: number; transfers: number } };
}

/** The server's 409 `conflict` when another customer's kept data would be deleted (lib/payroll/api.ts). */
function keptDataConflict(error: unknown): KeptDataConflict | null {
  const body = errorBody(error) as Partial<KeptDataConflict> & { code: string };
  return body.code === "conflict" && body.keptData && typeof body.newUsername === "string" ? (body as KeptDataConflict) : null;
}
