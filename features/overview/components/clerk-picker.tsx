"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import type { AssignableMember, OverviewRow } from "@/features/overview/types";
import { CLERK_TRIGGER } from "./clients-table-parts";

const loadPopup = () => import("./clerk-picker-popup");
const ClerkPickerPopup = lazy(loadPopup);

/**
 * A row's clerks, assignable in the row: a button named "Clerks of <company>" showing who is
 * assigned, which opens a popover of the members as checkboxes (one or more) and Save. The
 * popover's code (Radix) loads on first use, as the header's switchers do.
 */
export function ClerkPicker({
  row,
  members,
  editable,
}: {
  row: OverviewRow;
  members: AssignableMember[];
  editable: boolean;
}) {
  const t = useTranslations("overview.clerks");
  const [armed, setArmed] = useState(false);
  const names = row.assignees.map((person) => person.name).join(", ");
  if (!editable) return <span>{names || t("none")}</span>;
  const text = <ClerkNames names={names} none={t("none")} />;
  const plain = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-label={`${t("edit", { name: row.name })}: ${names || t("none")}`}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setArmed(true)}
      className={CLERK_TRIGGER}
    >
      {text}
    </button>
  );
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <ClerkPickerPopup row={row} members={members} label={`${t("edit", { name: row.name })}: ${names || t("none")}`}>
        {text}
      </ClerkPickerPopup>
    </Suspense>
  );
}

function ClerkNames({ names, none }: { names: string; none: string }) {
  return (
    <>
      <span className={names ? "min-w-0" : "text-slate-600"}>{names || none}</span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
        <path d="M5.5 7.5 10 12l4.5-4.5z" />
      </svg>
    </>
  );
}
