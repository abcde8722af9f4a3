// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Switcher } from "./switcher";

const OPTIONS = Array.from({ length: 24 }, (_, index) => {
  const number = String(index + 1).padStart(2, "0");
  return { id: `b${number}`, name: `Business ${number} Ltd` };
});
const TEXTS = { search: "Type to filter", noMatch: "No name matches.", choices: "Choices", current: "current choice" };

beforeAll(() => {
  // What jsdom lacks and the popover (Radix) and the list (cmdk) call.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= vi.fn();
});

afterEach(cleanup);

async function openAndSearch(value: string, search: string) {
  render(<Switcher label="Business" options={OPTIONS} value={value} onChoose={() => undefined} texts={TEXTS} />);
  await act(async () => fireEvent.click(screen.getByRole("combobox", { name: "Business" })));
  const input = await screen.findByPlaceholderText("Type to filter");
  await act(async () => fireEvent.change(input, { target: { value: search } }));
  const options = within(screen.getByRole("listbox", { name: "Choices" })).getAllByRole("option");
  expect(options).toHaveLength(1);
  return options[0]!;
}

function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("Switcher's open list", () => {
  it("announces the current choice among 24 once a search narrows the list to it", async () => {
    const option = await openAndSearch("b17", "ness 17");
    expect(option.textContent).toBe("Business 17 Ltd");
    expect(option.getAttribute("aria-current")).toBe("true");
    expect(description(option)).toBe("current choice");
  });

  it("gives another choice no current state", async () => {
    const option = await openAndSearch("b17", "business 03");
    expect(option.textContent).toBe("Business 03 Ltd");
    expect(option.hasAttribute("aria-current")).toBe(false);
    expect(description(option)).toBe("");
  });
});
