import { parseSpreadsheetText } from "../../../lib/csv/parse";
import { suggestMapping } from "./columns";
import { sampleEmployee, toCsv } from "./sample-rows";
import { checkImportRows, toEmployeeContext } from "./validate-rows";

// import_check_1000_rows_node_ms: a 1,000-row CSV file of valid employees parsed, its columns
// mapped and every row checked, in node; the median of 15 runs after 3 warm-ups (payroll.bench.ts's
// csv_1000_parse_validate_ms is the same on the import page, in the browser). Every row must pass.

const context = toEmployeeContext({
  companyId: 1002,
  defaultEntry: "2026-10-01",
  today: "2026-11-21",
  insurers: [{ number: "35561094", name: "BARMER", availableFrom: null, availableTo: null, replacement: null }],
  countries: [{ id: 0, name: "Deutschland", nationality: "deutsch" }],
  usedIds: [101, 102],
});
const csv = toCsv(Array.from({ length: 1000 }, (_, index) => sampleEmployee(index, 2001 + index, "35561094")));

function run(): number {
  const started = performance.now();
  const { headers, rows } = parseSpreadsheetText(csv);
  const checked = checkImportRows(rows, suggestMapping(headers), context);
  const elapsed = performance.now() - started;
  const refused = checked.filter((row) => row.problems.length > 0).length;
  if (refused > 0) throw new Error(`${refused} of 1,000 valid rows were refused`);
  return elapsed;
}

for (let i = 0; i < 3; i += 1) run();
const times = Array.from({ length: 15 }, run).sort((a, b) => a - b);
console.log(`import_check_1000_rows_node_ms: ${(times[7] ?? 0).toFixed(1)} ms`);
