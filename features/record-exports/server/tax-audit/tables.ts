import { CANONICAL_DECIMAL, centsToDecimal } from "@/lib/money/decimal";
import type { GdpduColumn, GdpduTable } from "@/lib/csv/gdpdu/table";
import { MAX_DECIMALS } from "@/features/payroll/entries/schemas";
import type { AccessRow, AuditRow, SealedLineRow, SealedVersionRow, TransferRow } from "./rows";

/**
 * The tables of an export for a tax audit (Z3, GoBD Rz. 165 ff.), each described once for both its
 * index.xml entry and its CSV (lib/csv/gdpdu): the sealed versions of the months, their lines, the
 * transfers, the audit trail and the access log of one company and period. Names in German (the
 * auditor's), ASCII only; employees and staff by id, as the records hold them.
 */

const text = (name: string, description?: string): GdpduColumn => ({ name, description, type: { kind: "text" } });
const integer = (name: string, description?: string): GdpduColumn => ({
  name,
  description,
  type: { kind: "numeric", accuracy: 0 },
});
const decimal = (name: string): GdpduColumn => ({ name, type: { kind: "numeric", accuracy: MAX_DECIMALS } });
const moment = (name: string): GdpduColumn => ({ name, description: "Europe/Berlin", type: { kind: "timestamp" } });
const yesNo = (value: boolean | null) => (value === null ? null : value ? "ja" : "nein");

/** A stored cell as its numeric column takes it; a value that is not a decimal (none should be) stays in `Werte_JSON` only. */
function decimalCell(value: string | undefined): string | null {
  if (value === undefined || value === "" || !CANONICAL_DECIMAL.test(value)) return null;
  return (value.split(".")[1] ?? "").length <= MAX_DECIMALS ? value : null;
}
const dayCell = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

type Validity = { from: string; to: string };

export function versionsTable(validity: Validity): GdpduTable<SealedVersionRow> {
  return {
    file: "festgeschriebene_monate.csv",
    name: "Festgeschriebene_Monate",
    description: "Festgeschriebene Fassungen der Monate (Festschreibung bei der Freigabe), mit SHA-256 des Inhalts",
    validity,
    primaryKey: ["Fassung_ID"],
    columns: [
      text("Fassung_ID"),
      integer("Firma", "Firmennummer beim Lohnservice"),
      text("Monat", "JJJJ-MM"),
      integer("Fassung", "n-te Freigabe des Monats"),
      text("SHA256", "SHA-256 (hex) der kanonischen Form (RFC 8785) des Inhalts"),
      text("Hash_geprueft", "ja: der Inhalt ergibt beim Export diesen Hash"),
      moment("Festgeschrieben_am"),
      text("Festgeschrieben_von", "Benutzerkennung"),
      text("Bei_Migration", "ja: aus den eingefrorenen Entwürfen eines vorher freigegebenen Monats"),
      text("Vier_Augen", "Vier-Augen-Prinzip bei der Freigabe"),
      text("Freigegeben_von", "Benutzerkennung"),
    ],
    values: (row) => [
      row.id,
      String(row.companyId),
      row.period,
      String(row.version),
      row.hash,
      yesNo(row.intact),
      row.sealedAt,
      row.sealedById,
      yesNo(row.sealedAtMigration),
      yesNo(row.fourEyes),
      row.approvedById,
    ],
  };
}

export function linesTable(validity: Validity): GdpduTable<SealedLineRow> {
  const value = (row: SealedLineRow, field: string) => row.line.values[field];
  return {
    file: "festgeschriebene_zeilen.csv",
    name: "Festgeschriebene_Zeilen",
    description: "Zeilen (Stunden und weitere Zahlungen) jeder festgeschriebenen Fassung, wie freigegeben",
    validity,
    primaryKey: ["Fassung_ID", "Art", "Zeile"],
    columns: [
      text("Fassung_ID"),
      text("Art", "hours: Stunden; payments: weitere Zahlungen"),
      text("Zeile", "Kennung der Zeile"),
      integer("Position"),
      integer("Beschaeftigter", "Kennung des Beschäftigten beim Lohnservice"),
      text("Lohnart"),
      decimal("Stunden"),
      decimal("Stundensatz"),
      decimal("Zuschlag"),
      { name: "Datum", type: { kind: "date" } },
      text("Kostenstelle"),
      text("Kostentraeger"),
      decimal("Anzahl"),
      decimal("Betrag"),
      text("Werte_JSON", "Alle Felder der Zeile, wie gespeichert"),
    ],
    values: (row) => [
      row.versionId,
      row.kind,
      row.line.id,
      String(row.position),
      String(row.line.employee_id),
      value(row, "type") ?? null,
      decimalCell(value(row, "total_hours")),
      decimalCell(value(row, "total_amount")),
      decimalCell(value(row, "surcharge")),
      dayCell(value(row, "date")),
      value(row, "cost_center_id") || null,
      value(row, "cost_object_id") || null,
      decimalCell(value(row, "count")),
      decimalCell(value(row, "amount")),
      JSON.stringify(row.line.values),
    ],
    foreignKeys: [{ columns: ["Fassung_ID"], references: "Festgeschriebene_Monate" }],
  };
}

export function transfersTable(validity: Validity): GdpduTable<TransferRow> {
  return {
    file: "uebertragungen.csv",
    name: "Uebertragungen",
    description: "Übertragungen der Monate an den Lohnservice oder als DATEV-Datei",
    validity,
    primaryKey: ["Uebertragung_ID"],
    columns: [
      text("Uebertragung_ID"),
      text("Monat", "JJJJ-MM"),
      text("Art", "hours: Stunden; payments: weitere Zahlungen"),
      text("Ziel", "payroll_service oder datev"),
      text("Fassung_ID", "Die übertragene festgeschriebene Fassung"),
      text("Benutzer_ID"),
      text("Benutzer"),
      text("Ergebnis", "succeeded, refused, pay_run, unknown"),
      integer("Zeilen"),
      { name: "Summe_EUR", type: { kind: "numeric", accuracy: 2 } },
      text("Fehlercode"),
      moment("Zeitpunkt"),
    ],
    values: (row) => [
      row.id,
      row.period,
      row.kind,
      row.target,
      row.sealedMonthId,
      row.userId,
      row.userName,
      row.outcome,
      String(row.lineCount),
      /^-?\d+$/.test(row.totalCents) ? centsToDecimal(BigInt(row.totalCents)) : null,
      row.errorCode,
      row.createdAt,
    ],
  };
}

export function auditTable(validity: Validity): GdpduTable<AuditRow> {
  return {
    file: "pruefpfad.csv",
    name: "Pruefpfad",
    description: "Einträge des Prüfpfads (Audit-Trail) zu Firma und Zeitraum, mit ihrer Stelle in der Hash-Kette",
    validity,
    primaryKey: ["Eintrag_ID"],
    columns: [
      text("Eintrag_ID"),
      integer("Kettenposition", "Stelle in der Hash-Kette des Arbeitsbereichs (leer: noch nicht verkettet)"),
      moment("Zeitpunkt"),
      text("Art"),
      text("Benutzer_ID"),
      text("Benutzer"),
      integer("Firma"),
      text("Monat", "JJJJ-MM"),
      text("Gegenstand_ID"),
      text("Details_JSON"),
      text("Vorgaenger_Hash"),
      text("Hash"),
    ],
    values: (row) => [
      row.id,
      row.seq === null ? null : row.seq.toString(),
      row.occurredAt,
      row.kind,
      row.actorId,
      row.actorName,
      row.companyId === null ? null : String(row.companyId),
      row.period,
      row.subjectId,
      JSON.stringify(row.details),
      row.prevHash,
      row.hash,
    ],
  };
}

export function accessTable(validity: Validity): GdpduTable<AccessRow> {
  return {
    file: "zugriffsprotokoll.csv",
    name: "Zugriffsprotokoll",
    description: "Ansichten und Exporte von Zahlen der Beschäftigten: wer, wann, welche Beschäftigten",
    validity,
    primaryKey: ["Zugriff_ID"],
    columns: [
      text("Zugriff_ID"),
      moment("Zeitpunkt"),
      text("Benutzer_ID"),
      text("Art"),
      integer("Firma"),
      text("Monat", "JJJJ-MM"),
      text("Beschaeftigte", "Kennungen der gezeigten Beschäftigten, durch Komma getrennt"),
    ],
    values: (row) => [
      row.id,
      row.occurredAt,
      row.actorId,
      row.kind,
      row.companyId === null ? null : String(row.companyId),
      row.period,
      row.employeeIds.join(","),
    ],
  };
}
