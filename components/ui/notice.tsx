import type { ComponentProps, ReactNode } from "react";

/** A boxed message: `error` is announced at once (role="alert"), `warning`/`success` politely (role="status"). */
const TONES = {
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  success: "border-green-300 bg-green-50 text-green-950",
  info: "border-blue-200 bg-blue-50 text-slate-900",
  neutral: "border-slate-300 bg-slate-100 text-slate-900",
} as const;

export type NoticeTone = keyof typeof TONES;

export function Notice({
  tone,
  title,
  children,
  className = "",
  ...props
}: { tone: NoticeTone; title?: ReactNode; children?: ReactNode } & Omit<ComponentProps<"div">, "title">) {
  const role = tone === "error" ? "alert" : tone === "info" || tone === "neutral" ? undefined : "status";
  return (
    <div role={role} className={`space-y-1 rounded border p-3 ${TONES[tone]} ${className}`.trim()} {...props}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}
