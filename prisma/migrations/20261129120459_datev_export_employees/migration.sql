-- The employees whose lines a stored DATEV file holds, so that each download is logged with them in the
-- access log (issue #38 §4). Nullable as Prisma writes a list column; the app always writes one.
ALTER TABLE "datev_exports" ADD COLUMN "employee_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- Files exported before: their employees from the transfer history written in the same transaction
-- (the same `now()`), which holds the same lines.
UPDATE "datev_exports" d SET "employee_ids" = COALESCE((
  SELECT array_agg(DISTINCT (line->>'employee_id')::int ORDER BY (line->>'employee_id')::int)
  FROM "payroll_entry_transfers" t, jsonb_array_elements(t."lines") AS line
  WHERE t."connection_id" = d."connection_id" AND t."company_id" = d."company_id" AND t."period" = d."period"
    AND t."target" = 'datev' AND t."created_at" = d."created_at" AND line ? 'employee_id'
), ARRAY[]::INTEGER[]);
