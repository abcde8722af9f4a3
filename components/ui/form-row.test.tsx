import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormRow } from "./form-row";

describe("FormRow", () => {
  it("is a plain wrapping row without a legend", () => {
    expect(renderToStaticMarkup(<FormRow>x</FormRow>)).toBe(
      '<div class="flex flex-wrap gap-x-4 gap-y-3 items-end">x</div>',
    );
  });

  it("is a fieldset named by its legend, which may be for screen readers only", () => {
    const html = renderToStaticMarkup(
      <FormRow legend="Period" legendHidden align="start">
        x
      </FormRow>,
    );
    expect(html).toBe(
      '<fieldset class="flex flex-wrap gap-x-4 gap-y-3 items-start"><legend class="sr-only">Period</legend>x</fieldset>',
    );
  });
});
