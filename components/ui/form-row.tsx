import type { ReactNode } from "react";

/**
 * Fields side by side that wrap on a narrow screen, their controls' bottoms aligned (so a button
 * beside them lines up). With a `legend` it is a fieldset named by it (`legendHidden`: for screen
 * readers only, when the heading above already says it to the eye).
 */
export function FormRow({
  legend,
  legendHidden = false,
  align = "end",
  className = "",
  children,
}: {
  legend?: ReactNode;
  legendHidden?: boolean;
  align?: "start" | "center" | "end";
  className?: string;
  children: ReactNode;
}) {
  const classes = `flex flex-wrap gap-x-4 gap-y-3 ${ALIGN[align]} ${className}`.trim();
  if (legend === undefined) return <div className={classes}>{children}</div>;
  return (
    <fieldset className={classes}>
      <legend className={legendHidden ? "sr-only" : "mb-1 w-full font-medium"}>{legend}</legend>
      {children}
    </fieldset>
  );
}

const ALIGN = { start: "items-start", center: "items-center", end: "items-end" } as const;
