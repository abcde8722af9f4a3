"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/i18n-provider";
import { userDetailsSchema, type UserDetails } from "@/lib/accounting/forms";
import { callAccounting } from "@/lib/accounting/proxy-shape";
import { fieldMessage, proxyErrorText } from "./field-message";
import { TextField } from "./text-field";

export function LastNameForm({ initial, readOnly }: { initial: UserDetails; readOnly: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<UserDetails>({ resolver: zodResolver(userDetailsSchema), defaultValues: initial });

  async function save(values: UserDetails) {
    setStatus(null);
    const answer = await callAccounting<unknown>("PUT", "/user", { body: { user: values } });
    if (answer.ok) {
      setStatus({ ok: true, text: t("business.saved") });
      form.reset(values);
      router.refresh();
      return;
    }
    const message = answer.error.fields.last_name;
    if (message) form.setError("last_name", { message });
    else setStatus({ ok: false, text: proxyErrorText(t, answer.error) });
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="max-w-md space-y-4" aria-label={t("user.edit")}>
      <TextField label={t("user.lastName")} readOnly={readOnly} error={fieldMessage(t, form.formState.errors.last_name?.message)} {...form.register("last_name")} />
      {readOnly ? null : (
        <button
          type="submit"
          disabled={form.formState.isSubmitting}
          className="rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {form.formState.isSubmitting ? t("business.saving") : t("business.save")}
        </button>
      )}
      {status ? (
        <p role={status.ok ? "status" : "alert"} className={status.ok ? "text-green-800" : "text-red-700"}>
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
