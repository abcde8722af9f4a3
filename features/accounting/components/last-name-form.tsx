"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorBody } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { userDetailsSchema, type UserDetails } from "@/features/accounting/forms";
import { accountingKeys } from "@/features/accounting/query-keys";
import { fieldMessage } from "./field-message";
import { sendToAccounting } from "./send-to-accounting";

export function LastNameForm({ initial, readOnly }: { initial: UserDetails; readOnly: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const form = useForm<UserDetails>({ resolver: zodResolver(userDetailsSchema), defaultValues: initial });
  const save = useMutation({
    mutationKey: accountingKeys.user(),
    mutationFn: (values: UserDetails) => sendToAccounting<unknown>("PUT", "/user", { body: { user: values } }),
    onSuccess: (_answer, values) => {
      form.reset(values);
      router.refresh();
    },
    onError: (error) => {
      const message = errorBody(error).fields?.last_name;
      if (message) form.setError("last_name", { message });
    },
  });
  const unplaced = save.isError && !errorBody(save.error).fields?.last_name;

  return (
    <form
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      noValidate
      className="max-w-md space-y-4"
      aria-label={t("user.edit")}
    >
      <Field
        label={t("user.lastName")}
        readOnly={readOnly}
        error={fieldMessage(t, form.formState.errors.last_name?.message)}
        {...form.register("last_name")}
      />
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t("business.saving") : t("business.save")}
        </Button>
      )}
      {save.isSuccess ? (
        <p role="status" className="text-green-800">
          {t("business.saved")}
        </p>
      ) : null}
      {unplaced ? <ErrorNotice error={save.error} service="accounting" /> : null}
    </form>
  );
}
