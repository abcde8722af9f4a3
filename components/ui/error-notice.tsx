"use client";

import { useTranslations } from "next-intl";
import { errorBody, errorMessage, type ErrorService } from "./error-text";
import { Notice, type NoticeTone } from "./notice";

/** A failure as people read it: the translated text for its code, and the service's own words below as detail. */
export function ErrorNotice({ error, service = "payroll", tone = "error" }: { error: unknown; service?: ErrorService; tone?: NoticeTone }) {
  const t = useTranslations();
  const { detail } = errorBody(error);
  return (
    <Notice tone={tone} role="alert">
      <p>{errorMessage(t, error, service)}</p>
      {detail ? <p className="text-sm opacity-80">{detail}</p> : null}
    </Notice>
  );
}
