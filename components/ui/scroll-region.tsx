import type { ReactNode } from "react";

/**
 * A wide table's own sideways scroller: the page stays as wide as the screen (390 px phones) and
 * the table scrolls inside. Focusable and named, so keyboard users can scroll it with the arrow keys.
 */
export function ScrollRegion({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`max-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${className}`.trim()}
    >
      {children}
    </div>
  );
}
