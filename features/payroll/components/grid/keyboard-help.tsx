"use client";

import { useTranslations } from "next-intl";

const KEYBOARD_HELP = ["move", "jump", "leave", "edit", "commands"] as const;

/** The grid's keys, folded away until asked for; unfolded, over the page (the grid stays where it is). */
export function KeyboardHelp() {
  const t = useTranslations();
  return (
    <details className="relative text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-blue-800 underline">
        {t("payrollEntries.keyboardHelpTitle")}
      </summary>
      <ul className="absolute left-0 top-full z-30 mt-1 w-[min(40rem,90vw)] list-disc space-y-1 rounded-lg border border-slate-300 bg-white py-2 pl-7 pr-3 shadow-lg">
        {KEYBOARD_HELP.map((key) => (
          <li key={key}>{t(`payrollEntries.keyboardHelp.${key}`)}</li>
        ))}
      </ul>
    </details>
  );
}
