"use client";

import { useTranslations } from "next-intl";
import { WORKSPACE_ROLES, type WorkspaceRoleName } from "@/features/workspaces/schemas";

/**
 * A fieldset of the roles as checkboxes (a person may hold several of the firm's). Client stands
 * alone (features/workspaces/schemas.ts): ticking it clears the others, ticking another clears it.
 */
export function RoleCheckboxes({
  legend,
  value,
  onChange,
  disabled,
  describedBy,
  choices = WORKSPACE_ROLES,
}: {
  legend: string;
  value: WorkspaceRoleName[];
  onChange: (roles: WorkspaceRoleName[]) => void;
  disabled?: boolean;
  describedBy?: string;
  choices?: readonly WorkspaceRoleName[];
}) {
  const tick = (role: WorkspaceRoleName, checked: boolean) => {
    if (!checked) return onChange(value.filter((held) => held !== role));
    onChange(role === "client" ? ["client"] : [...value.filter((held) => held !== "client"), role]);
  };
  const t = useTranslations();
  return (
    <fieldset className="space-y-1" aria-describedby={describedBy}>
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map((role) => (
          <label key={role} className="flex items-center gap-2" title={t(`workspaces.roleHints.${role}`)}>
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(role)}
              disabled={disabled}
              onChange={(event) => tick(role, event.target.checked)}
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
