"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { errorBody, errorMessage } from "@/components/ui/error-text";
import type { WebhookEventType } from "@/features/webhooks/event-types";
import { createEndpointSchemaOf, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from "@/features/webhooks/schemas";

export interface EndpointFormValue {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

const URL_ERRORS = ["required", "tooLong", "invalidUrl", "httpsOnly", "notPublic", "unresolvable"] as const;

/**
 * An endpoint's address, description and event types: the same form adds one and edits one. The
 * types to offer come from the page (the features declare them: features/webhooks/event-types.ts).
 */
export function EndpointForm({
  eventTypes,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  eventTypes: readonly WebhookEventType[];
  initial: EndpointFormValue;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (value: EndpointFormValue) => void;
  onCancel?: () => void;
  /** Focus the address when the form opens (it opened on a person's request). */
  autoFocus?: boolean;
}) {
  const t = useTranslations();
  const legendId = useId();
  const [value, setValue] = useState(initial);
  const [tried, setTried] = useState(false);
  const schema = useMemo(() => createEndpointSchemaOf(eventTypes), [eventTypes]);
  const parsed = schema.safeParse(value);
  const local = tried && !parsed.success ? parsed.error.issues : [];
  const serverField = error ? errorBody(error).fields?.url : undefined;
  const urlCode = local.find((issue) => issue.path[0] === "url")?.message ?? serverField;
  const urlError = urlCode
    ? t(
        `webhooks.urlErrors.${(URL_ERRORS as readonly string[]).includes(urlCode) ? urlCode : "invalidUrl"}` as "webhooks.urlErrors.invalidUrl",
      )
    : undefined;
  const noType = tried && value.eventTypes.length === 0;
  const toggle = (type: WebhookEventType, on: boolean) =>
    setValue((old) => ({
      ...old,
      eventTypes: on ? [...old.eventTypes, type] : old.eventTypes.filter((other) => other !== type),
    }));
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (parsed.success)
          onSubmit({ url: parsed.data.url, description: parsed.data.description, eventTypes: parsed.data.eventTypes });
      }}
    >
      <Field
        label={t("webhooks.fields.url")}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://"
        autoFocus={autoFocus}
        value={value.url}
        onChange={(event) => setValue({ ...value, url: event.target.value })}
        hint={t("webhooks.urlHint")}
        error={urlError}
      />
      <Field
        label={t("webhooks.fields.description")}
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        value={value.description}
        onChange={(event) => setValue({ ...value, description: event.target.value })}
      />
      <fieldset aria-describedby={noType ? `${legendId}-error` : undefined} className="space-y-1">
        <legend id={legendId} className="font-medium">
          {t("webhooks.fields.eventTypes")}
        </legend>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={value.eventTypes.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span>
                {t(`webhooks.types.${type.replace(".", "_") as "month_approved"}`)}{" "}
                <code className="text-xs text-slate-600">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {noType ? (
          <p id={`${legendId}-error`} className="text-sm text-red-700">
            {t("webhooks.chooseEvent")}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("webhooks.cancel")}
          </Button>
        ) : null}
      </div>
      {error && !serverField ? <Notice tone="error">{errorMessage(t, error)}</Notice> : null}
    </form>
  );
}
