"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";
import { workspaceKeys } from "@/features/workspaces/query-keys";
import type { ClientCompany, MemberView, NamedClientCompany } from "@/features/workspaces/schemas";
import { CompanyCheckboxes } from "./company-checkboxes";

const keyOf = (company: ClientCompany) => `${company.connectionId}/${company.companyId}`;

/** An owner's change of a client's companies (at least one; audited on the server). */
export function MemberCompaniesForm({
  workspaceId,
  member,
  choices,
}: {
  workspaceId: string;
  member: MemberView;
  choices: readonly NamedClientCompany[];
}) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const id = useId();
  const stored = member.companies.map(({ connectionId, companyId }) => ({ connectionId, companyId }));
  const [companies, setCompanies] = useState<ClientCompany[]>(stored);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: async () =>
      (await workspacesApi.changeCompanies({ workspaceId, userId: member.userId, companies })).members,
    onSuccess: (members) => queryClient.setQueryData(workspaceKeys.members(workspaceId), members),
  });
  const changed =
    companies.length !== stored.length ||
    companies.some((company) => !stored.some((held) => keyOf(held) === keyOf(company)));
  // A company the client holds that is no longer offered (a disconnected customer) still shows, by its stored name.
  const shown = [
    ...choices,
    ...member.companies.filter((held) => !choices.some((choice) => keyOf(choice) === keyOf(held))),
  ];
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (changed && companies.length > 0) save.mutate();
      }}
    >
      <CompanyCheckboxes
        id={id}
        legend={t("clients.companiesOf", { name: member.name })}
        choices={shown}
        value={companies}
        onChange={setCompanies}
        disabled={save.isPending}
        error={tried && companies.length === 0 ? t("clients.companiesRequired") : undefined}
      />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={!changed || save.isPending}
        aria-busy={save.isPending}
      >
        {t("clients.saveCompanies")}
      </Button>
      {save.isError ? <Notice tone="error">{errorMessage(t, save.error)}</Notice> : null}
      {save.isSuccess && !changed ? (
        <p role="status" className="text-sm text-green-800">
          {t("clients.companiesSaved")}
        </p>
      ) : null}
    </form>
  );
}
