import type { ComponentProps, ReactNode } from "react";

/** One choice of a `Select`: `value` is what the form sends, `label` what people read. */
export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  lang?: string;
}

const SIZES = {
  md: "h-control px-control-x",
  sm: "px-2 py-1 text-sm",
} as const;

export function selectClassName(size: keyof typeof SIZES = "md", extra = ""): string {
  return `rounded border border-slate-400 bg-white ${SIZES[size]} font-normal aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:bg-slate-100 ${extra}`.trim();
}

/**
 * The app's select: a native `<select>` (so the keyboard, a phone's own picker, screen readers and
 * the browser tests' `selectOption` work as everywhere), one look for every form. The choices are
 * `options`, optionally after a first `placeholder` choice with the empty value, or `<option>`
 * children. Every other prop (`ref` and react-hook-form's `register(...)` included) reaches the select.
 */
export function Select({
  options,
  placeholder,
  size = "md",
  className = "",
  children,
  ...props
}: Omit<ComponentProps<"select">, "size"> & {
  options?: readonly SelectOption[];
  placeholder?: ReactNode;
  size?: keyof typeof SIZES;
}) {
  return (
    <select className={selectClassName(size, className)} {...props}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}
