import { useId, type ComponentProps } from "react";

/** A labelled input with its error announced and linked (aria-describedby). */
export function TextField({ label, error, ...input }: { label: string; error?: string } & ComponentProps<"input">) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded border border-slate-300 bg-white px-3 py-2 read-only:bg-slate-100 aria-invalid:border-red-600"
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
