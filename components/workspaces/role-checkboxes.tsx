"use client";

import { useTranslations } from "next-intl";
import { WORKSPACE_ROLES, type WorkspaceRoleName } from "@/lib/workspaces/schemas";

/** A fieldset of the four roles as checkboxes (a person may hold several). */
export function RoleCheckboxes({
  legend,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  legend: string;
  value: WorkspaceRoleName[];
  onChange: (roles: WorkspaceRoleName[]) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const t = useTranslations();
  return (
    <fieldset className="space-y-1" aria-describedby={describedBy}>
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WORKSPACE_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2" title={t(`workspaces.roleHints.${role}`)}>
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(role)}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))}
            />
            {t(`workspaces.roles.${role}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Roles in the canonical order, for comparing two choices. */
export function sameRoles(a: WorkspaceRoleName[], b: WorkspaceRoleName[]): boolean {
  return WORKSPACE_ROLES.every((role) => a.includes(role) === b.includes(role));
}
