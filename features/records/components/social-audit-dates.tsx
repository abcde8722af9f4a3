"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorBody } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Field } from "@/components/ui/field";
import { recordsApi } from "@/features/records/client/api";
import { socialAuditSchema } from "@/features/records/schemas";

export interface SocialAuditCompany {
  id: number;
  name: string;
  lastAuditOn: string | null;
  /** Until when the pay records the audit covered are kept (`keepUntil`), formatted; null without an audit. */
  keptUntil: string | null;
}

/** One company's last social insurance audit: a date field an owner saves (empty clears it). */
function CompanyAuditForm({
  workspaceId,
  owner,
  company,
}: {
  workspaceId: string;
  owner: boolean;
  company: SocialAuditCompany;
}) {
  const t = useTranslations("records");
  const [value, setValue] = useState(company.lastAuditOn ?? "");
  const [problem, setProblem] = useState(false);
  const save = useMutation({
    mutationFn: (lastAuditOn: string | null) =>
      recordsApi.setSocialAudit({ workspaceId, companyId: company.id, lastAuditOn }),
    onError: (error) => setProblem(Boolean(errorBody(error).fields?.lastAuditOn)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { companyId: company.id, lastAuditOn: value === "" ? null : value };
    const valid = socialAuditSchema.safeParse(body).success;
    setProblem(!valid);
    if (valid) save.mutate(body.lastAuditOn);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 border-t border-slate-200 py-2">
      <Field
        id={`social-audit-${company.id}`}
        label={t("lastAuditLabel", { company: company.name })}
        type="date"
        value={value}
        readOnly={!owner}
        className="min-w-64"
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(false);
        }}
        hint={company.keptUntil ? `${t("keepUntil")}: ${company.keptUntil}` : t("noAudit")}
        error={problem ? t("problems.invalidDay") : undefined}
      />
      {owner ? (
        <Button type="submit" variant="secondary" disabled={save.isPending} aria-busy={save.isPending}>
          {t("saveAudit")}
        </Button>
      ) : null}
      <p role="status" className="text-sm text-green-800">
        {save.isSuccess ? t("saved") : ""}
      </p>
      {save.isError && !problem ? <ErrorNotice error={save.error} /> : null}
    </form>
  );
}

/** /settings/records: each company's last social insurance audit (§ 28f (1) SGB IV). */
export function SocialAuditDates({
  workspaceId,
  owner,
  companies,
}: {
  workspaceId: string;
  owner: boolean;
  companies: SocialAuditCompany[];
}) {
  const t = useTranslations("records");
  if (companies.length === 0) return <p className="text-slate-700">{t("noCompanies")}</p>;
  return (
    <div>
      {companies.map((company) => (
        <CompanyAuditForm key={company.id} workspaceId={workspaceId} owner={owner} company={company} />
      ))}
    </div>
  );
}
