"use client";

import * as Popover from "@radix-ui/react-popover";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import type { AssignableMember, OverviewRow } from "@/features/overview/types";
import { CLERK_TRIGGER } from "./clients-table-parts";
import { useAssign } from "./use-overview-actions";

/**
 * The clerk picker once used (./clerk-picker.tsx): Radix Popover (focus moved in and back, Escape
 * and outside clicks close) holding the members as checkboxes and Save, which replaces the
 * company's clerks with the ones checked. Mounted open: it replaces the button just pressed.
 */
export default function ClerkPickerPopup({
  row,
  members,
  label,
  children,
}: {
  row: OverviewRow;
  members: AssignableMember[];
  label: string;
  children: ReactNode;
}) {
  const t = useTranslations("overview.clerks");
  const [open, setOpen] = useState(true);
  const [chosen, setChosen] = useState(() => new Set(row.assignees.map((person) => person.id)));
  const assign = useAssign();
  const headingId = useId();
  const result = assign.data?.results[0];

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const save = () =>
    assign.mutate(
      {
        companies: [{ connectionId: row.connectionId, companyId: row.companyId }],
        userIds: [...chosen],
        mode: "replace",
      },
      { onSuccess: (answer) => (answer.results.every((item) => item.ok) ? setOpen(false) : undefined) },
    );

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setChosen(new Set(row.assignees.map((person) => person.id)));
      }}
    >
      <Popover.Trigger aria-label={label} className={CLERK_TRIGGER}>
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] space-y-3 rounded-md border border-slate-300 bg-white p-3 text-control shadow-lg"
        >
          <fieldset className="space-y-2">
            <legend id={headingId} className="font-semibold">
              {t("edit", { name: row.name })}
            </legend>
            <div className="max-h-64 space-y-1 overflow-y-auto">
              {members.map((member) => (
                <label key={member.id} className="flex items-center gap-2 py-0.5">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.has(member.id)}
                    onChange={(event) => toggle(member.id, event.target.checked)}
                  />
                  {member.name}
                </label>
              ))}
            </div>
          </fieldset>
          {assign.isError ? <ErrorNotice error={assign.error} /> : null}
          {result && !result.ok ? <p role="alert">{result.message}</p> : null}
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={save} disabled={assign.isPending} aria-busy={assign.isPending}>
              {t("save")}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
