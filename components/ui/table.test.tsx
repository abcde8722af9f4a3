import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table, TableCell, TableRow } from "./table";
import { Switcher } from "./switcher";

describe("Table", () => {
  it("names each column with a column header and keeps rows in the body", () => {
    const html = renderToStaticMarkup(
      <Table columns={["Number", "Name"]}>
        <TableRow>
          <TableCell numeric>101</TableCell>
          <TableCell>AOK</TableCell>
        </TableRow>
      </Table>,
    );
    expect(html).toContain('<th scope="col" class="p-2 font-semibold">Number</th>');
    expect(html).toMatch(
      /<tbody><tr class="border-t border-slate-200"><td class="p-2 tabular-nums">101<\/td><td class="p-2">AOK<\/td><\/tr><\/tbody>/,
    );
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
