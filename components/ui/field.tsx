import { useId, type ComponentProps, type ReactNode } from "react";

/** A labelled input with its hint and error linked (aria-describedby) and announced. */
export function Field({ label, error, hint, ...input }: { label: ReactNode; error?: string; hint?: ReactNode } & ComponentProps<"input">) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={input.id ?? id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded border border-slate-400 bg-white px-3 py-2 read-only:bg-slate-100 aria-invalid:border-red-600"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
