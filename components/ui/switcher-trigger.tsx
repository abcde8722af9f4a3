import type { ReactNode } from "react";

export interface SwitcherOption {
  id: string;
  name: string;
}

export interface SwitcherProps {
  /** The control's accessible name and visible label (CONTRACT.md: `Workspace`, `Business`). */
  label: string;
  options: SwitcherOption[];
  value: string;
  onChoose: (id: string) => void;
  disabled?: boolean;
  busy?: boolean;
  /** Texts of the open list (this file reads no messages). */
  texts: { search: string; noMatch: string; choices: string; current: string };
  /** An error shown beside the control and described by it. */
  error?: ReactNode;
}

export const triggerClassName =
  "inline-flex h-control max-w-full items-center gap-1 rounded border border-slate-400 bg-white px-control-x text-left text-control whitespace-nowrap text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

export function TriggerText({ text }: { text: string }) {
  return (
    <>
      <span className="min-w-0 max-lg:truncate">{text}</span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
        <path d="M5.5 7.5 10 12l4.5-4.5z" />
      </svg>
    </>
  );
}
