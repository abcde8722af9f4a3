"use client";

import { useTranslations } from "next-intl";

const KEYBOARD_HELP = ["move", "leave", "edit", "commands"] as const;

/** The grid's keys, folded away until asked for. */
export function KeyboardHelp() {
  const t = useTranslations();
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-blue-800 underline">{t("payrollEntries.keyboardHelpTitle")}</summary>
      <ul className="mt-1 max-w-3xl list-disc space-y-1 pl-5">
        {KEYBOARD_HELP.map((key) => (
          <li key={key}>{t(`payrollEntries.keyboardHelp.${key}`)}</li>
        ))}
      </ul>
    </details>
  );
}
