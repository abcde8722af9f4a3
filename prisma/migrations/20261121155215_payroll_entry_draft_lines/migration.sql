-- CreateTable
CREATE TABLE "payroll_entry_draft_lines" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "line_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "values" JSONB NOT NULL,

    CONSTRAINT "payroll_entry_draft_lines_pkey" PRIMARY KEY ("connection_id","company_id","period","kind","line_id")
);

-- CreateIndex
CREATE INDEX "payroll_entry_draft_lines_connection_id_company_id_period_k_idx" ON "payroll_entry_draft_lines"("connection_id", "company_id", "period", "kind", "position");

-- AddForeignKey
ALTER TABLE "payroll_entry_draft_lines" ADD CONSTRAINT "payroll_entry_draft_lines_connection_id_company_id_period__fkey" FOREIGN KEY ("connection_id", "company_id", "period", "kind") REFERENCES "payroll_entry_drafts"("connection_id", "company_id", "period", "kind") ON DELETE CASCADE ON UPDATE CASCADE;

-- Move the lines of existing drafts (one JSON array per draft) into rows, in their order.
-- Entries that are not lines are left out, and of a repeated line id only the first is kept.
INSERT INTO "payroll_entry_draft_lines" ("connection_id", "company_id", "period", "kind", "line_id", "position", "employee_id", "values")
SELECT d."connection_id", d."company_id", d."period", d."kind", e.line ->> 'id', (e.ordinality - 1)::INTEGER, (e.line ->> 'employee_id')::INTEGER,
       CASE WHEN jsonb_typeof(e.line -> 'values') = 'object' THEN e.line -> 'values' ELSE '{}'::JSONB END
FROM "payroll_entry_drafts" d
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d."lines") = 'array' THEN d."lines" ELSE '[]'::JSONB END) WITH ORDINALITY AS e(line, ordinality)
WHERE jsonb_typeof(e.line) = 'object'
  AND jsonb_typeof(e.line -> 'id') = 'string'
  AND (e.line ->> 'employee_id') ~ '^[0-9]{1,9}$'
ON CONFLICT DO NOTHING;

-- AlterTable
ALTER TABLE "payroll_entry_drafts" DROP COLUMN "lines";
