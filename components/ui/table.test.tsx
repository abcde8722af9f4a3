import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from "./table";
import { Switcher } from "./switcher";

describe("Table", () => {
  it("names each column with a column header and keeps rows in the body", () => {
    const html = renderToStaticMarkup(
      <Table columns={["Number", { label: "Amount", numeric: true }]}>
        <TableRow>
          <TableCell numeric>101</TableCell>
          <TableCell amount>1.234,56</TableCell>
        </TableRow>
      </Table>,
    );
    expect(html).toMatch(/<th scope="col" class="[^"]*font-semibold">Number<\/th>/);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Amount<\/th>/);
    expect(html).toMatch(
      /<tbody><tr class="border-t border-slate-200"><td class="[^"]*tabular-nums">101<\/td><td class="[^"]*text-right[^"]*">1.234,56<\/td><\/tr><\/tbody>/,
    );
    expect(html).toContain('data-density="regular"');
  });

  it("takes its parts when given no columns: caption, two header rows, row headers, a footer", () => {
    const html = renderToStaticMarkup(
      <Table density="compact" sticky aria-rowcount={4} caption={<TableCaption id="c">Totals</TableCaption>}>
        <TableHeader>
          <tr aria-rowindex={1}>
            <TableHead scope="colgroup" colSpan={2}>
              Hours
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          <TableRow aria-rowindex={2}>
            <TableRowHeader weight="medium">Ada</TableRowHeader>
            <TableCell amount>1</TableCell>
          </TableRow>
        </TableBody>
        <TableFooter>
          <tr aria-rowindex={4}>
            <TableRowHeader>All</TableRowHeader>
          </tr>
        </TableFooter>
      </Table>,
    );
    expect(html).toMatch(
      /^<table data-density="compact" class="[^"]*border-separate[^"]*text-sm" aria-rowcount="4"><caption class="[^"]*" id="c">Totals<\/caption><thead/,
    );
    expect(html).toMatch(/<th scope="colgroup" class="[^"]*" colSpan="2">Hours<\/th>/);
    expect(html).toMatch(
      /<tr class="border-t border-slate-200" aria-rowindex="2"><th scope="row" class="[^"]*font-medium">Ada<\/th>/,
    );
    expect(html).toMatch(/<tfoot class="[^"]*"><tr aria-rowindex="4"><th scope="row"/);
  });
});

describe("Switcher", () => {
  it("is a collapsed combobox named by its label, showing the whole current name, with no list until used", () => {
    const html = renderToStaticMarkup(
      <Switcher
        label="Business"
        options={[
          { id: "a", name: "Byrne & Hartley Design Ltd" },
          { id: "b", name: "Byrne Print Studio" },
        ]}
        value="a"
        onChoose={() => undefined}
        texts={{ search: "Type to filter", noMatch: "No name matches.", choices: "Choices", current: "current choice" }}
      />,
    );
    const labelId = /<span id="([^"]+)"[^>]*>Business<\/span>/.exec(html)?.[1];
    expect(labelId).toBeTruthy();
    expect(html).toContain(`role="combobox" aria-labelledby="${labelId}" aria-expanded="false"`);
    expect(html).toContain("Byrne &amp; Hartley Design Ltd");
    expect(html).not.toContain("Byrne Print Studio");
    expect(html).not.toContain('role="listbox"');
  });
});
