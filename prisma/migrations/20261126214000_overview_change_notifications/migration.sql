-- The firm overview's stored counts (payroll_company_states) follow a company's month as soon as it
-- changes: every change of a month's drafts, its month-close row or its acknowledgements notifies
-- `ledgerlane_overview_changed` with `<connection_id>/<company_id>` (at commit; Postgres sends one
-- of identical notifications of a transaction), and the processes running the overview's jobs
-- check that company again from its stored employees (lib/overview/server/changes.ts). A NOTIFY, not
-- a write: a draft save costs no more rows. The minute's sweep catches whatever was not heard.
CREATE OR REPLACE FUNCTION ledgerlane_notify_overview_changed() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    PERFORM pg_notify(''ledgerlane_overview_changed'', OLD.connection_id::text || ''/'' || OLD.company_id::text);
  END IF;
  IF TG_OP <> ''DELETE'' THEN
    PERFORM pg_notify(''ledgerlane_overview_changed'', NEW.connection_id::text || ''/'' || NEW.company_id::text);
  END IF;
  RETURN NULL;
END';

CREATE TRIGGER payroll_entry_drafts_notify_overview AFTER INSERT OR UPDATE OR DELETE ON "payroll_entry_drafts"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_overview_changed();
CREATE TRIGGER month_closes_notify_overview AFTER INSERT OR UPDATE OR DELETE ON "month_closes"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_overview_changed();

-- Acknowledgements come many at once (all of a rule): one notification per month of the statement.
CREATE OR REPLACE FUNCTION ledgerlane_notify_overview_acknowledged() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  PERFORM pg_notify(''ledgerlane_overview_changed'', m.connection_id::text || ''/'' || m.company_id::text)
    FROM (SELECT DISTINCT month_close_id FROM added) a JOIN month_closes m ON m.id = a.month_close_id;
  RETURN NULL;
END';

CREATE TRIGGER month_close_acknowledgements_notify_overview AFTER INSERT ON "month_close_acknowledgements"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_notify_overview_acknowledged();
