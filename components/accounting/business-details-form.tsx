"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/i18n-provider";
import { businessDetailsSchema, type BusinessDetails } from "@/lib/accounting/forms";
import { callAccounting } from "@/lib/accounting/proxy-shape";
import { fieldMessage, proxyErrorText } from "./field-message";
import { TextField } from "./text-field";

const FIELDS = ["address_line_1", "mobile", "website"] as const;

/** Edits a business through the proxy; the same schema checks on both sides, the service's errors land on their fields. */
export function BusinessDetailsForm({ businessId, initial, readOnly }: { businessId: string; initial: BusinessDetails; readOnly: boolean }) {
  const { t } = useI18n();
  const [status, setStatus] = useState<{ kind: "saved" | "error" | "changed"; text: string } | null>(null);
  const form = useForm<BusinessDetails>({ resolver: zodResolver(businessDetailsSchema), defaultValues: initial });
  const labels: Record<(typeof FIELDS)[number], string> = {
    address_line_1: t("business.addressLine1"),
    mobile: t("business.mobile"),
    website: t("business.website"),
  };

  async function save(values: BusinessDetails) {
    setStatus(null);
    const answer = await callAccounting<unknown>("PUT", `/businesses/${encodeURIComponent(businessId)}`, {
      body: { business: values },
      business: businessId,
    });
    if (answer.ok) {
      setStatus(answer.business?.changed ? { kind: "changed", text: t("business.businessChanged") } : { kind: "saved", text: t("business.saved") });
      form.reset(values);
      return;
    }
    let placed = false;
    for (const [name, message] of Object.entries(answer.error.fields)) {
      if ((FIELDS as readonly string[]).includes(name)) {
        form.setError(name as (typeof FIELDS)[number], { message });
        placed = true;
      }
    }
    if (!placed) setStatus({ kind: "error", text: proxyErrorText(t, answer.error) });
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-4" aria-label={t("business.edit")}>
      {FIELDS.map((name) => (
        <TextField
          key={name}
          label={labels[name]}
          readOnly={readOnly}
          type={name === "website" ? "url" : name === "mobile" ? "tel" : "text"}
          error={fieldMessage(t, form.formState.errors[name]?.message)}
          {...form.register(name)}
        />
      ))}
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
        <p role={status.kind === "error" ? "alert" : "status"} className={status.kind === "error" ? "text-red-700" : "text-green-800"}>
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
