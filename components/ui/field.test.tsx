// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./field";
import { Select } from "./select";

afterEach(cleanup);

/** The texts an element's aria-describedby points at; fails when an id points at nothing. */
function description(element: HTMLElement): string[] {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => {
    const target = document.getElementById(id);
    expect(target, `aria-describedby names #${id}, which does not exist`).not.toBeNull();
    return target!.textContent ?? "";
  });
}

describe("Field", () => {
  it("names its input by the label and describes nothing while there is neither hint nor error", () => {
    render(<Field label="Email" name="email" />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("name")).toBe("email");
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("links the hint and the error to the control and marks it invalid only with an error", () => {
    const { rerender } = render(<Field label="Hours" hint="Per month" />);
    expect(description(screen.getByRole("textbox", { name: "Hours" }))).toEqual(["Per month"]);
    rerender(<Field label="Hours" hint="Per month" error="Not a number" />);
    const input = screen.getByRole("textbox", { name: "Hours" });
    expect(description(input)).toEqual(["Per month", "Not a number"]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    rerender(<Field label="Hours" hint="Per month" error={undefined} />);
    expect(screen.getByRole("textbox", { name: "Hours" }).hasAttribute("aria-invalid")).toBe(false);
    expect(screen.queryByText("Not a number")).toBeNull();
  });

  it("keeps a given id, the hint's and error's ids following it", () => {
    render(<Field id="field-name" label="Name" hint="As on the passport" error="Required" alert />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input.id).toBe("field-name");
    expect(input.getAttribute("aria-describedby")).toBe("field-name-hint field-name-error");
    expect(screen.getByRole("alert").textContent).toBe("Required");
  });

  it("hands its ids to any control it renders, a Select among them", () => {
    render(
      <Field label="Land" error="Choose a Land">
        {(control) => (
          <Select {...control} placeholder="None" options={[{ value: "NW", label: "North Rhine-Westphalia" }]} />
        )}
      </Field>,
    );
    const select = screen.getByRole("combobox", { name: "Land" });
    expect(select.tagName).toBe("SELECT");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(description(select)).toEqual(["Choose a Land"]);
  });

  it("names a control beside its label (inline) as one above it", () => {
    render(
      <Field inline label="Show">
        {(control) => <Select {...control} options={[{ value: "all", label: "All lines" }]} />}
      </Field>,
    );
    expect(screen.getByRole("combobox", { name: "Show" }).tagName).toBe("SELECT");
  });

  it("shows what comes after the hint before the error, without reading it with the control", () => {
    render(
      <Field label="Health insurance" hint="AOK Bayern" after={<p>Use its successor</p>} error="Unknown insurer" />,
    );
    const input = screen.getByRole("textbox", { name: "Health insurance" });
    expect(description(input)).toEqual(["AOK Bayern", "Unknown insurer"]);
    const texts = [...input.parentElement!.querySelectorAll("p")].map((p) => p.textContent);
    expect(texts).toEqual(["AOK Bayern", "Use its successor", "Unknown insurer"]);
  });
});
