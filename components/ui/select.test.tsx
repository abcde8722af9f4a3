// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Select } from "./select";

afterEach(cleanup);

describe("Select", () => {
  it("is a native select: the placeholder first with the empty value, then the options, then any children", () => {
    render(
      <Select
        aria-label="Columns"
        placeholder="Choose"
        options={[{ value: "months", label: "Months" }]}
        defaultValue=""
      >
        <option value="quarters">Quarters</option>
      </Select>,
    );
    const select = screen.getByRole("combobox", { name: "Columns" });
    expect(select.tagName).toBe("SELECT");
    const options = within(select).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ["", "Choose"],
      ["months", "Months"],
      ["quarters", "Quarters"],
    ]);
  });

  it("passes the ref, name and change handler through (react-hook-form's register relies on them)", () => {
    const ref = createRef<HTMLSelectElement>();
    const onChange = vi.fn();
    render(
      <Select
        ref={ref}
        name="basis"
        aria-label="Basis"
        onChange={onChange}
        options={[
          { value: "closing", label: "Closing" },
          { value: "movement", label: "Movement" },
        ]}
      />,
    );
    expect(ref.current?.name).toBe("basis");
    fireEvent.change(screen.getByRole("combobox", { name: "Basis" }), { target: { value: "movement" } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(ref.current?.value).toBe("movement");
  });
});
