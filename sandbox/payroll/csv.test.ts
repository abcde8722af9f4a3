import { describe, expect, it } from "vitest";
import { createHarness } from "./test-helpers";

/** A strict reader for the service's CSV: CRLF lines, ";" separators, optional "..." quoting. */
function parseCsv(text: string): { cells: string[]; quoted: boolean[] }[] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => {
      expect(line).not.toContain("\n");
      const cells: string[] = [];
      const quoted: boolean[] = [];
      const pattern = /("(?:[^"]|"")*"|[^;"]*)(;|$)/gy;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(line)) !== null) {
        const raw = match[1] ?? "";
        const isQuoted = raw.startsWith('"');
        cells.push(isQuoted ? raw.slice(1, -1).replace(/""/g, '"') : raw);
        quoted.push(isQuoted);
        if (match[2] === "") break;
      }
      return { cells, quoted };
    });
}

async function download(path: string): Promise<{ status: number; contentType?: string; text: string }> {
  const harness = createHarness();
  const response = await harness.request("GET", path, { headers: { accept: "text/csv" } });
  return { status: response.status, contentType: response.headers?.["Content-Type"], text: String(response.body) };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T00:00:00$/;

describe("health insurance list", () => {
  it("answers text/csv with the documented header and five values a line", async () => {
    const { status, contentType, text } = await download("/v1/healthinsurances.csv");
    expect(status).toBe(200);
    expect(contentType).toBe("text/csv;charset=UTF-8");
    const [header, ...rows] = parseCsv(text);
    expect(header?.cells.join(";")).toBe("CompanyNumber;CompanyName;AvailableFrom;AvailableTo;Replacement");
    expect(rows.length).toBeGreaterThanOrEqual(100);
    for (const row of rows) expect(row.cells).toHaveLength(5);
  });

  it("quotes names, has 8-digit unique numbers and dates as YYYY-MM-DDT00:00:00", async () => {
    const rows = parseCsv((await download("/v1/healthinsurances.csv")).text).slice(1);
    const numbers = new Set<string>();
    for (const { cells, quoted } of rows) {
      const [number = "", name = "", from = "", to = "", replacement = ""] = cells;
      expect(number).toMatch(/^\d{8}$/);
      numbers.add(number);
      expect(quoted).toEqual([false, true, false, false, false]);
      expect(name.length).toBeGreaterThan(0);
      if (from !== "") {
        expect(from).toMatch(DATE_TIME);
        expect(from > "2015-01-01").toBe(true);
      }
      if (to !== "") expect(to).toMatch(DATE_TIME);
      if (replacement !== "") {
        expect(replacement).toMatch(/^\d{8}$/);
        expect(to).not.toBe("");
      }
    }
    expect(numbers.size).toBe(rows.length);
  });

  it("has ended insurers whose successors are in the list and operate after the end", async () => {
    const rows = parseCsv((await download("/v1/healthinsurances.csv")).text)
      .slice(1)
      .map((row) => row.cells);
    const byNumber = new Map(rows.map((cells) => [cells[0], cells]));
    const withSuccessor = rows.filter((cells) => cells[4] !== "");
    expect(withSuccessor.length).toBeGreaterThanOrEqual(10);
    for (const cells of withSuccessor) {
      const successor = byNumber.get(cells[4]);
      expect(successor).toBeDefined();
      const successorFrom = successor?.[2] ?? "";
      expect(successorFrom === "" || successorFrom <= `${nextDay(cells[3]?.slice(0, 10) ?? "")}T00:00:00`).toBe(true);
    }
    expect(rows.some((cells) => cells[3] !== "" && cells[4] === "")).toBe(true);
    expect(rows.some((cells) => cells[2] !== "")).toBe(true);
  });

  it("has an insurer ending after today within the current payroll month, with a successor", async () => {
    const rows = parseCsv((await download("/v1/healthinsurances.csv")).text)
      .slice(1)
      .map((row) => row.cells);
    const ending = rows.filter((cells) => (cells[3] ?? "") > "2025-06-15" && (cells[3] ?? "") <= "2025-06-30T00:00:00");
    expect(ending).toHaveLength(1);
    expect(ending[0]?.[4]).not.toBe("");
  });

  it("names the kinds of statutory insurers", async () => {
    const names = parseCsv((await download("/v1/healthinsurances.csv")).text)
      .slice(1)
      .map((row) => row.cells[1] ?? "");
    for (const kind of [/^AOK /, /BKK/, /^IKK /, /^KNAPPSCHAFT$/, /^Techniker/, /^BARMER$/, /^DAK-Gesundheit$/]) {
      expect(names.some((name) => kind.test(name))).toBe(true);
    }
  });
});

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe("country list", () => {
  it("answers text/csv with the header ID;Country;Nationality", async () => {
    const { status, contentType, text } = await download("/v1/countries.csv");
    expect(status).toBe(200);
    expect(contentType).toBe("text/csv;charset=UTF-8");
    const [header, ...rows] = parseCsv(text);
    expect(header?.cells.join(";")).toBe("ID;Country;Nationality");
    expect(rows.length).toBeGreaterThanOrEqual(195);
    for (const { cells, quoted } of rows) {
      expect(cells).toHaveLength(3);
      expect(cells[0]).toMatch(/^\d+$/);
      expect(quoted).toEqual([false, true, true]);
    }
    expect(new Set(rows.map((row) => row.cells[0])).size).toBe(rows.length);
  });

  it("uses the German nationality keys and German texts", async () => {
    const rows = parseCsv((await download("/v1/countries.csv")).text)
      .slice(1)
      .map((row) => row.cells);
    expect(rows).toContainEqual(["0", "Deutschland", "deutsch"]);
    expect(rows).toContainEqual(["163", "Türkei", "türkisch"]);
    expect(rows).toContainEqual(["368", "Vereinigte Staaten", "amerikanisch"]);
    expect(rows).toContainEqual(["151", "Österreich", "österreichisch"]);
  });
});
