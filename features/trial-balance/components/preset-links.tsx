import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Preset } from "@/features/trial-balance/presets";

const PILL =
  "inline-block rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 aria-[current=true]:border-blue-700 aria-[current=true]:bg-blue-50 aria-[current=true]:font-semibold";

/**
 * A row of quick periods as links (each period is a URL), the one shown marked current. With a
 * `caption` the list is named by it and shows it first (the quarters of the financial year).
 */
export function PresetLinks({
  presets,
  href,
  active,
  caption,
}: {
  presets: readonly Preset[];
  href: (preset: Preset) => string;
  active: Preset | undefined;
  caption?: string;
}) {
  const t = useTranslations();
  return (
    <ul
      className={caption ? "flex flex-wrap items-center gap-2 text-sm" : "flex flex-wrap gap-2 text-sm"}
      aria-label={caption}
    >
      {caption ? (
        <li aria-hidden="true" className="text-slate-700">
          {caption}:
        </li>
      ) : null}
      {presets.map((preset) => (
        <li key={preset}>
          <Link href={href(preset)} aria-current={active === preset ? "true" : undefined} className={PILL}>
            {t(`trialBalance.range.${preset}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
