import { useId, type ComponentProps, type ReactNode } from "react";

/** What a field hands its control: its id, and the hint's and error's ids when they are shown. */
export interface FieldControl {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FieldProps {
  label: ReactNode;
  /** Shown below the control and read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field's own error: linked to the control (aria-describedby), which is then aria-invalid. */
  error?: ReactNode;
  /** The control's id (the hint's and error's follow from it: `<id>-hint`, `<id>-error`); generated when absent. */
  id?: string;
  /** Caption-sized label, for filters and toolbars. */
  compact?: boolean;
  /** A caption-sized label beside the control, on one line with it (a toolbar's search or filter). */
  inline?: boolean;
  /** The wrapper's classes, in place of the default stacking. */
  className?: string;
  /** The hint's tone when it is more than a hint (a warning). */
  hintClassName?: string;
  /** The error's classes, where a form sets it apart from the field (its own spacing or tone). */
  errorClassName?: string;
  /** Shown after the hint and before the error, and not read with the control (a notice with its own button). */
  after?: ReactNode;
  /** The error is announced as soon as it appears (role="alert"). */
  alert?: boolean;
  /** The control: what it renders with the ids given; without it, an `<input>` with the remaining props. */
  children?: (control: FieldControl) => ReactNode;
}

const INPUT =
  "w-full rounded border border-slate-400 bg-white px-3 py-2 read-only:bg-slate-100 aria-invalid:border-red-600";

/**
 * A labelled control with its hint and its error: the label names the control (htmlFor), the hint
 * and error are linked to it only while they exist, and an error marks it invalid. Every form
 * builds its fields with it, so no field is without a name or with an error nobody hears.
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  compact = false,
  inline = false,
  className,
  hintClassName = "text-sm text-slate-700",
  errorClassName = "text-sm text-red-700",
  after,
  alert = false,
  children,
  ...input
}: FieldProps & Omit<ComponentProps<"input">, keyof FieldProps>) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const describedBy = [hint ? hintId : "", hasError ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const control: FieldControl = {
    id,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(hasError ? { "aria-invalid": true } : {}),
  };
  const layout = inline ? "flex items-center gap-2" : compact ? "flex flex-col gap-1" : "space-y-1";
  return (
    <div className={className ?? layout}>
      <label htmlFor={id} className={inline || compact ? "block text-sm font-medium" : "block font-medium"}>
        {label}
      </label>
      {children ? children(control) : <input className={INPUT} {...control} {...input} />}
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {after}
      {hasError ? (
        <p id={errorId} role={alert ? "alert" : undefined} className={errorClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
