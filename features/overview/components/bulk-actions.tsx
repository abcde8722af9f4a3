"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { DatevBulkExport } from "@/features/datev/components/bulk-export/datev-bulk-export";
import type { AssignableMember, OverviewRow } from "@/features/overview/types";
import { BulkResults, type ItemResult } from "./bulk-results";
import { rowKey, useApprove, useAssign } from "./use-overview-actions";

type Open = "assign" | "approve" | null;

/**
 * What can be done to the selected companies at once: assign a clerk, approve their months, export
 * them for DATEV (a job: features/datev/bulk). Each opens a dialog that asks, then lists every
 * company's result (done, or refused with why).
 */
export function BulkActions({
  selected,
  members,
  mayAssign,
  mayApprove,
  mayExport,
  onDone,
}: {
  selected: OverviewRow[];
  members: AssignableMember[];
  mayAssign: boolean;
  mayApprove: boolean;
  /** The month's last step's roles (owner, clerk, approver): `Export for DATEV`. */
  mayExport: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("overview.bulk");
  const [open, setOpen] = useState<Open>(null);
  const [clerk, setClerk] = useState("");
  const [results, setResults] = useState<ItemResult[] | null>(null);
  const assign = useAssign();
  const approve = useApprove();
  const nameOf = new Map(selected.map((row) => [rowKey(row), row.name]));
  const toResults = (
    items: {
      item: { connectionId: string; companyId: number };
      ok: boolean;
      code: ItemResult["code"];
      message: string | null;
    }[],
  ) =>
    items.map((result) => ({
      key: rowKey(result.item),
      name: nameOf.get(rowKey(result.item)) ?? String(result.item.companyId),
      ...result,
    }));

  const close = () => {
    if (results) onDone();
    setOpen(null);
    setResults(null);
    assign.reset();
    approve.reset();
  };
  const runAssign = () =>
    assign.mutate(
      {
        companies: selected.map((row) => ({ connectionId: row.connectionId, companyId: row.companyId })),
        userIds: [clerk],
        mode: "add",
      },
      { onSuccess: (answer) => setResults(toResults(answer.results)) },
    );
  const runApprove = () =>
    approve.mutate(
      {
        months: selected.map((row) => ({
          connectionId: row.connectionId,
          companyId: row.companyId,
          period: row.period,
        })),
      },
      { onSuccess: (answer) => setResults(toResults(answer.results)) },
    );
  const pending = assign.isPending || approve.isPending;

  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      {mayAssign ? (
        <Button size="sm" variant="secondary" disabled={selected.length === 0} onClick={() => setOpen("assign")}>
          {t("assign")}
        </Button>
      ) : null}
      {mayApprove ? (
        <Button size="sm" variant="secondary" disabled={selected.length === 0} onClick={() => setOpen("approve")}>
          {t("approve")}
        </Button>
      ) : null}
      {mayExport ? (
        <DatevBulkExport
          selected={selected.map((row) => ({
            connectionId: row.connectionId,
            companyId: row.companyId,
            period: row.period,
            name: row.name,
          }))}
        />
      ) : null}
      <Dialog
        open={open !== null}
        onClose={close}
        title={
          open === "assign"
            ? t("assignTitle", { count: selected.length })
            : t("approveTitle", { count: selected.length })
        }
      >
        {results ? (
          <BulkResults results={results} doneKey={open === "assign" ? "assigned" : "approved"} />
        ) : open === "assign" ? (
          <Field label={t("clerk")}>
            {(control) => (
              <Select
                {...control}
                value={clerk}
                onChange={(event) => setClerk(event.target.value)}
                className="w-full"
                placeholder={t("chooseClerk")}
                options={members.map((member) => ({ value: member.id, label: member.name }))}
              />
            )}
          </Field>
        ) : (
          <p className="text-slate-800">{t("approveText")}</p>
        )}
        {assign.isError ? <ErrorNotice error={assign.error} /> : null}
        {approve.isError ? <ErrorNotice error={approve.error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={close} disabled={pending}>
            {results ? t("close") : t("cancel")}
          </Button>
          {results ? null : (
            <Button
              size="sm"
              onClick={open === "assign" ? runAssign : runApprove}
              disabled={pending || (open === "assign" && clerk === "")}
              aria-busy={pending}
            >
              {pending ? t("working") : open === "assign" ? t("assignConfirm") : t("approveConfirm")}
            </Button>
          )}
        </div>
      </Dialog>
    </div>
  );
}
