-- `transfer.sent` entries kept the transfer's total as a euro decimal ("505.50") under the key
-- `totalCents`, and the audit page divided it by 100 ("5.05"). The value was always euros (the
-- transfer row's total, lib/payroll-entries/totals.ts), so it keeps its value and gets the name that
-- says so: `totalEuros`. Only the key is renamed; no figure changes.
--
-- The audit trail is append-only: its trigger refuses UPDATE. The migration runs as the tables'
-- owner and is sent as one query, which Postgres runs as one transaction (scripts/db/schema-engine.ts):
-- the trigger is off only inside it, and ALTER TABLE's ACCESS EXCLUSIVE lock keeps every other
-- session from writing or reading the table meanwhile; if anything fails, the trigger was never off.
ALTER TABLE "audit_entries" DISABLE TRIGGER "audit_entries_append_only";

UPDATE "audit_entries"
SET "details" = ("details" - 'totalCents') || jsonb_build_object('totalEuros', "details" -> 'totalCents')
WHERE "kind" = 'transfer.sent' AND "details" ? 'totalCents';

ALTER TABLE "audit_entries" ENABLE TRIGGER "audit_entries_append_only";
