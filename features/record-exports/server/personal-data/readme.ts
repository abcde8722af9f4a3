import type { PersonalDataExport } from "./collect";

/** The line fields the CSV spreads into columns (hours and extra payments; a line has its kind's). */
export const ENTRY_FIELDS_IN_CSV = [
  "type",
  "total_hours",
  "total_amount",
  "surcharge",
  "date",
  "cost_center_id",
  "cost_object_id",
  "count",
  "amount",
] as const;

/**
 * README.txt of an Art. 15 export, German first, then English: who exported whom, what each file
 * holds, and what is not in it (the payroll service's own copy). Fixed text with the export's facts.
 */
export function readme(data: PersonalDataExport): string {
  const when = data.exportedAt.toISOString();
  const counts = `${data.lines.length} / ${data.sealed.length} / ${data.audit.length} / ${data.access.length}`;
  const { erasure } = data;
  const until = erasure.requested && erasure.eraseAfter ? erasure.eraseAfter : null;
  const erasureDe = !erasure.requested
    ? "kein Löschantrag"
    : `Löschung beantragt am ${erasure.requestedAt.toISOString().slice(0, 10)}, eingeschränkt${until ? `, zu löschen nach ${until}` : ""}`;
  const erasureEn = !erasure.requested
    ? "no erasure request"
    : `erasure requested on ${erasure.requestedAt.toISOString().slice(0, 10)}, restricted${until ? `, to be erased after ${until}` : ""}`;
  return [
    "AUSKUNFT NACH ART. 15 DSGVO / ACCESS REQUEST UNDER ART. 15 GDPR",
    "",
    `Arbeitsbereich / Workspace: ${data.workspace}`,
    `Firma / Company: ${data.company} (${data.companyId})`,
    `Beschäftigter / Employee: ${data.employeeId}`,
    `Erstellt / Made: ${when} (UTC)`,
    `Zeilen / Versionen / Prüfpfad / Zugriffe — Lines / versions / trail / views: ${counts}`,
    "",
    "DEUTSCH",
    "",
    "Dieses Archiv enthält alle Daten, die Ledgerlane über die genannte beschäftigte Person speichert.",
    "Verantwortlicher ist die Kanzlei (der Arbeitsbereich); Ledgerlane verarbeitet im Auftrag.",
    "",
    "- personal-data.json: alles in einer Datei (maschinenlesbar).",
    "- lines.csv: die Zeilen (Stunden, weitere Zahlungen) je Monat: Entwürfe (draft), übertragene",
    "  (transfer) und festgeschriebene (sealed) Zeilen.",
    "- sealed-versions.csv: die festgeschriebenen Fassungen der Monate, die die Person enthalten, mit",
    "  SHA-256 und den Prüfhinweisen zu ihr.",
    "- audit-entries.csv: Einträge des Prüfpfads, die die Person nennen.",
    "- access-log.csv: wer wann Zahlen der Person angesehen oder exportiert hat.",
    `- Löschstatus: ${erasureDe}.`,
    "",
    "Die Stammdaten (Name, Anschrift, Bankverbindung …) führt der Lohnservice; sein Datensatz ist in",
    'personal-data.json unter "service" so enthalten, wie er beim Export antwortete. Seine eigene Kopie',
    "liegt außerhalb von Ledgerlane: eine Auskunft oder Löschung dort ist beim Lohnservice zu stellen.",
    "",
    "ENGLISH",
    "",
    "This archive holds all data Ledgerlane keeps about the employee named above. The firm (the",
    "workspace) is the controller; Ledgerlane processes on its behalf.",
    "",
    "- personal-data.json: everything in one file (machine-readable).",
    "- lines.csv: the lines (hours, extra payments) per month: drafts (draft), transferred (transfer)",
    "  and sealed (sealed) lines.",
    "- sealed-versions.csv: the sealed versions of the months that include the employee, with their",
    "  SHA-256 and the checks' findings about them.",
    "- audit-entries.csv: the audit trail's entries naming the employee.",
    "- access-log.csv: who viewed or exported the employee's figures, and when.",
    `- Erasure status: ${erasureEn}.`,
    "",
    "The master data (name, address, bank account …) is kept by the payroll service; its record is in",
    'personal-data.json under "service" as it answered at the export. Its own copy is outside',
    "Ledgerlane: ask the payroll service for access to it or its erasure.",
    "",
  ].join("\r\n");
}
