"use client";

import { useTranslations } from "next-intl";
import { errorBody, errorMessage, type ErrorService } from "./error-text";
import { Notice, type NoticeTone } from "./notice";

/**
 * A failure as people read it: what was not done (`title`, when given), the translated text for
 * its code, and the service's own words below as detail.
 */
export function ErrorNotice({
  error,
  service = "payroll",
  tone = "error",
  title,
}: {
  error: unknown;
  service?: ErrorService;
  tone?: NoticeTone;
  title?: string;
}) {
  const t = useTranslations();
  const { detail } = errorBody(error);
  return (
    <Notice tone={tone} role="alert">
      {title ? <p className="font-medium">{title}</p> : null}
      <p>{errorMessage(t, error, service)}</p>
      {detail ? <p className="text-sm opacity-80">{detail}</p> : null}
    </Notice>
  );
}
