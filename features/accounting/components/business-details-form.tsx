"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorBody } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { businessDetailsSchema, type BusinessDetails } from "@/features/accounting/forms";
import { accountingKeys } from "@/features/accounting/query-keys";
import { fieldMessage } from "./field-message";
import { sendToAccounting } from "./send-to-accounting";

const FIELDS = ["address_line_1", "mobile", "website"] as const;
type BusinessField = (typeof FIELDS)[number];
const isBusinessField = (name: string): name is BusinessField => (FIELDS as readonly string[]).includes(name);

/** Edits a business through the proxy; the same schema checks on both sides, the service's errors land on their fields. */
export function BusinessDetailsForm({
  businessId,
  initial,
  readOnly,
}: {
  businessId: string;
  initial: BusinessDetails;
  readOnly: boolean;
}) {
  const t = useTranslations();
  const form = useForm<BusinessDetails>({ resolver: zodResolver(businessDetailsSchema), defaultValues: initial });
  const save = useMutation({
    mutationKey: accountingKeys.business(businessId),
    mutationFn: (values: BusinessDetails) =>
      sendToAccounting<unknown>("PUT", `/businesses/${encodeURIComponent(businessId)}`, {
        body: { business: values },
        business: businessId,
      }),
    onSuccess: (_answer, values) => form.reset(values),
    onError: (error) => {
      for (const [name, message] of Object.entries(errorBody(error).fields ?? {})) {
        if (isBusinessField(name)) form.setError(name, { message });
      }
    },
  });
  const labels: Record<BusinessField, string> = {
    address_line_1: t("business.addressLine1"),
    mobile: t("business.mobile"),
    website: t("business.website"),
  };
  // A refusal the service tied to a field shows there; anything else once, below the button.
  const unplaced = save.isError && !Object.keys(errorBody(save.error).fields ?? {}).some(isBusinessField);

  return (
    <form
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      noValidate
      className="space-y-4"
      aria-label={t("business.edit")}
    >
      {FIELDS.map((name) => (
        <Field
          key={name}
          label={labels[name]}
          readOnly={readOnly}
          type={name === "website" ? "url" : name === "mobile" ? "tel" : "text"}
          error={fieldMessage(t, form.formState.errors[name]?.message)}
          {...form.register(name)}
        />
      ))}
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t("business.saving") : t("business.save")}
        </Button>
      )}
      {save.isSuccess ? (
        <p role="status" className="text-green-800">
          {save.data.business?.changed ? t("business.businessChanged") : t("business.saved")}
        </p>
      ) : null}
      {unplaced ? <ErrorNotice error={save.error} service="accounting" /> : null}
    </form>
  );
}
