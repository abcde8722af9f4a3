import type { ComponentProps } from "react";

/** The app's buttons: one look per purpose instead of class strings copied into each form. */
const VARIANTS = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  secondary: "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100",
  danger: "border border-red-700 bg-white text-red-800 hover:bg-red-50",
} as const;
const SIZES = { md: "px-4 py-2", sm: "px-3 py-1.5 text-sm" } as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClassName(
  variant: ButtonVariant = "primary",
  size: keyof typeof SIZES = "md",
  extra = "",
): string {
  return `rounded font-medium disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: keyof typeof SIZES }) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...props} />;
}
