import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { EmployeeKey } from "./erase-after";

type Tx = Prisma.TransactionClient;

/** How a person's name is written in free text and cached bodies ("Ada Lovelace", "Lovelace, Ada"). */
export function nameForms(names: readonly { firstName: string; lastName: string }[]): string[] {
  const forms = new Set<string>();
  for (const { firstName, lastName } of names) {
    const first = firstName.trim();
    const last = lastName.trim();
    if (!last) continue;
    if (first) forms.add(`${first} ${last}`).add(`${last}, ${first}`);
    // A last name alone names too many: only with its first name.
  }
  return [...forms];
}

/**
 * The names Ledgerlane cached for the employee: the overview's stored company state (the checks'
 * copy of the service's list) and the bulk imports' rows. Read before they are purged, to find free
 * text and stored bodies that name the person.
 */
export async function cachedNames(tx: Tx, key: EmployeeKey): Promise<{ firstName: string; lastName: string }[]> {
  const rows = await tx.$queryRaw<{ first_name: string | null; last_name: string | null }[]>`
    SELECT e->>'firstName' AS first_name, e->>'lastName' AS last_name
      FROM payroll_company_states s, jsonb_array_elements(COALESCE(s.employees, '[]'::jsonb)) e
     WHERE s.connection_id = ${key.connectionId}::uuid AND s.company_id = ${key.companyId}
       AND jsonb_typeof(s.employees) = 'array' AND (e->>'id')::int = ${key.employeeId}
    UNION
    SELECT r.payload->>'first_name', r.payload->>'last_name'
      FROM payroll_import_rows r JOIN payroll_imports i ON i.id = r.import_id
     WHERE i.connection_id = ${key.connectionId}::uuid AND i.company_id = ${key.companyId}
       AND r.employee_id = ${key.employeeId}`;
  return rows
    .filter((row) => row.last_name)
    .map((row) => ({ firstName: row.first_name ?? "", lastName: row.last_name ?? "" }));
}

/** A LIKE pattern matching any of the forms, case-insensitively (`%` and `_` escaped). */
function patterns(forms: readonly string[]): string[] {
  return forms.map((form) => `%${form.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

const ERASED = "[erased]";

/**
 * Deletes or pseudonymises the employee's personal data outside append-only rows, in `tx`: never an
 * UPDATE or DELETE of `audit_entries`, `sealed_months` or `access_log_entries` (the app's role may
 * not, and their hashes stay as they are). Answers the rows touched, by place.
 */
export async function purgeEmployee(
  tx: Tx,
  key: EmployeeKey,
  forms: readonly string[],
): Promise<Record<string, number>> {
  const { connectionId, companyId, employeeId, workspaceId } = key;
  const like = patterns(forms);
  const warning = `%|${employeeId}|%`;
  const counts: Record<string, number> = {};

  // Free text of sealed versions holding the employee: the comments on warnings about them, and any
  // text naming them (the snapshot keeps the text's salted digest: its hash still verifies).
  counts.sealed_month_texts = await tx.$executeRaw`
    DELETE FROM sealed_month_texts t USING sealed_months m
     WHERE t.sealed_month_id = m.id AND m.connection_id = ${connectionId}::uuid AND m.company_id = ${companyId}
       AND (EXISTS (SELECT 1 FROM jsonb_array_elements(m.content->'acknowledgements') a
                     WHERE a->'comment'->>'ref' = t.ref AND a->>'warningId' LIKE ${warning})
            OR lower(t.text) LIKE ANY (${like}::text[]))`;
  // The month close's own copies: acknowledgements of warnings about them, reasons naming them.
  counts.month_close_acknowledgements = await tx.$executeRaw`
    UPDATE month_close_acknowledgements a SET comment = ${ERASED}
      FROM month_closes c
     WHERE a.month_close_id = c.id AND c.connection_id = ${connectionId}::uuid AND c.company_id = ${companyId}
       AND (a.warning_id LIKE ${warning} OR lower(a.comment) LIKE ANY (${like}::text[])) AND a.comment <> ${ERASED}`;
  counts.month_closes = await tx.$executeRaw`
    UPDATE month_closes SET
       reopen_reason = CASE WHEN lower(reopen_reason) LIKE ANY (${like}::text[]) THEN ${ERASED} ELSE reopen_reason END,
       sent_back_reason = CASE WHEN lower(sent_back_reason) LIKE ANY (${like}::text[]) THEN ${ERASED} ELSE sent_back_reason END
     WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId}
       AND (lower(reopen_reason) LIKE ANY (${like}::text[]) OR lower(sent_back_reason) LIKE ANY (${like}::text[]))`;
  // Caches of the service's data: the overview's stored list, the imports' rows.
  counts.payroll_company_states = await tx.$executeRaw`
    UPDATE payroll_company_states SET employees = (
        SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(employees) e WHERE (e->>'id')::int <> ${employeeId})
     WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND jsonb_typeof(employees) = 'array'
       AND employees @> ${JSON.stringify([{ id: employeeId }])}::jsonb`;
  counts.payroll_import_rows = await tx.$executeRaw`
    UPDATE payroll_import_rows r SET payload = '{"erased": true}'::jsonb, message = NULL, issues = NULL
      FROM payroll_imports i
     WHERE r.import_id = i.id AND i.connection_id = ${connectionId}::uuid AND i.company_id = ${companyId}
       AND r.employee_id = ${employeeId} AND r.payload <> '{"erased": true}'::jsonb`;
  counts.payroll_employee_drafts = await tx.$executeRaw`
    DELETE FROM payroll_employee_drafts WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId}
       AND lower(data::text) LIKE ANY (${like}::text[])`;
  // The app's own per-employee settings and the open drafts' lines of theirs.
  counts.datev_employee_settings = await tx.$executeRaw`
    DELETE FROM datev_employee_settings
     WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND employee_id = ${employeeId}`;
  counts.payroll_employee_settings = await tx.$executeRaw`
    DELETE FROM payroll_employee_settings
     WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND employee_id = ${employeeId}`;
  counts.payroll_entry_draft_lines = await tx.$executeRaw`
    DELETE FROM payroll_entry_draft_lines
     WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND employee_id = ${employeeId}`;
  // Stored bodies naming them: mail, in-app notifications and digests, webhook deliveries. Mail and
  // digest rows name no workspace: only those to this workspace's members (another firm's mail about
  // someone of the same name is not this request's to touch).
  counts.mail_outbox = await tx.$executeRaw`
    UPDATE mail_outbox SET subject = ${ERASED}, text = ${ERASED}, html = NULL
     WHERE user_id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ${workspaceId}::uuid)
       AND (lower(subject) LIKE ANY (${like}::text[]) OR lower(text) LIKE ANY (${like}::text[])
            OR lower(COALESCE(html, '')) LIKE ANY (${like}::text[]))`;
  counts.notifications = await tx.$executeRaw`
    DELETE FROM notifications WHERE workspace_id = ${workspaceId}::uuid AND lower(data::text) LIKE ANY (${like}::text[])`;
  counts.mail_digest_items = await tx.$executeRaw`
    DELETE FROM mail_digest_items
     WHERE user_id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ${workspaceId}::uuid)
       AND lower(data::text) LIKE ANY (${like}::text[])`;
  counts.webhook_deliveries = await tx.$executeRaw`
    UPDATE webhook_deliveries d SET body = '{"erased":true}', last_error = NULL
      FROM webhook_endpoints w
     WHERE d.endpoint_id = w.id AND w.workspace_id = ${workspaceId}::uuid AND lower(d.body) LIKE ANY (${like}::text[])`;
  return counts;
}
