"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";
import { ErrorNotice } from "./error-notice";

/**
 * A section of settings saved with one button: its heading names the section and the form, the
 * intro says what the settings do, and below the fields come the save button (or, for someone
 * who may only read them, a sentence saying so), the "saved" status and a failure that is no
 * field's. The check settings, the company's deadlines and the workspace's cut-off use it.
 */
export function SettingsForm({
  id,
  titleId,
  title,
  intro,
  before,
  className = "space-y-3",
  formClassName = "space-y-4",
  onSubmit,
  editable,
  saveLabel,
  readOnlyText,
  pending,
  saved,
  failure,
  children,
}: {
  id?: string;
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  /** Shown between the intro and the form (what is in force now). */
  before?: ReactNode;
  className?: string;
  formClassName?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  editable: boolean;
  saveLabel: ReactNode;
  readOnlyText: ReactNode;
  pending: boolean;
  /** The status line's text: what was saved, or empty. */
  saved: ReactNode;
  /** A refused save that no field explains (null while there is none). */
  failure: unknown;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{intro}</p>
      {before}
      <form onSubmit={onSubmit} noValidate className={formClassName} aria-labelledby={titleId}>
        {children}
        {editable ? (
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {saveLabel}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{readOnlyText}</p>
        )}
        <p role="status" className="text-sm text-green-800">
          {saved}
        </p>
        {failure ? <ErrorNotice error={failure} /> : null}
      </form>
    </section>
  );
}
