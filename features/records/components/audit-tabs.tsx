import Link from "next/link";

/**
 * /audit's two sections for owners: the changes (the trail) and "Views and exports" (the access
 * log). Links, not a script's tabs: each section is its own URL, so its filters and pages are too.
 */
export function AuditTabs({
  current,
  labels,
}: {
  current: "changes" | "access";
  labels: { list: string; changes: string; access: string };
}) {
  const tab = (name: "changes" | "access", href: string, label: string) => (
    <li>
      <Link
        href={href}
        aria-current={current === name ? "page" : undefined}
        className="inline-block border-b-2 border-transparent px-2 py-1 text-blue-700 underline aria-[current=page]:border-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={labels.list}>
      <ul className="flex flex-wrap gap-2 border-b border-slate-300">
        {tab("changes", "/audit", labels.changes)}
        {tab("access", "/audit?view=access", labels.access)}
      </ul>
    </nav>
  );
}
