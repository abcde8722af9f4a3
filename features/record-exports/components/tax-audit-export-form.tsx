"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { FormRow } from "@/components/ui/form-row";
import { Select } from "@/components/ui/select";
import { keyUnder } from "@/lib/i18n/translate";
import { recordExportsApi } from "../client/api";
import { taxAuditExportSchema } from "../schemas";
import { saveFile } from "./save-file";

type FieldName = "companyId" | "from" | "to";

/**
 * /settings/records: `Export for a tax audit` of a company and the months from–to (owners). The
 * shared schema checks the fields here as the route does; the ZIP is then fetched and saved.
 */
export function TaxAuditExportForm({
  workspaceId,
  companies,
  defaultMonth,
}: {
  workspaceId: string;
  companies: readonly { id: number; name: string }[];
  /** The month the fields start with (`YYYY-MM`). */
  defaultMonth: string;
}) {
  const t = useTranslations();
  const [values, setValues] = useState({
    companyId: companies[0] ? String(companies[0].id) : "",
    from: defaultMonth,
    to: defaultMonth,
  });
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const problem = (field: FieldName) => {
    const key = problems[field] ? keyUnder(t, "recordExports.problems", problems[field]) : undefined;
    return key ? t(key) : undefined;
  };
  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = taxAuditExportSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      return setProblems(found);
    }
    setBusy(true);
    const result = await recordExportsApi.taxAudit({ workspaceId, ...values });
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: errorMessage(t, result.error) });
    const fileName = result.data.fileName ?? "z3.zip";
    saveFile(result.data.blob, fileName);
    setOutcome({ ok: true, text: t("recordExports.taxAudit.made", { fileName }) });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <FormRow>
        <Field id="tax-audit-company" label={t("recordExports.taxAudit.company")} error={problem("companyId")}>
          {(control) => (
            <Select
              {...control}
              value={values.companyId}
              onChange={(event) => change("companyId", event.target.value)}
              placeholder={t("recordExports.taxAudit.chooseCompany")}
              options={companies.map((company) => ({ value: String(company.id), label: company.name }))}
            />
          )}
        </Field>
        <Field
          id="tax-audit-from"
          label={t("recordExports.taxAudit.from")}
          type="month"
          value={values.from}
          onChange={(event) => change("from", event.target.value)}
          error={problem("from")}
        />
        <Field
          id="tax-audit-to"
          label={t("recordExports.taxAudit.to")}
          type="month"
          value={values.to}
          onChange={(event) => change("to", event.target.value)}
          error={problem("to")}
        />
      </FormRow>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {t("recordExports.taxAudit.button")}
        </Button>
        <p
          role={outcome?.ok === false ? "alert" : "status"}
          className={outcome?.ok ? "text-sm" : "text-sm text-red-800"}
        >
          {busy ? t("recordExports.working") : (outcome?.text ?? "")}
        </p>
      </div>
    </form>
  );
}
