// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsForm } from "./settings-form";

afterEach(cleanup);

const props = {
  titleId: "t",
  title: "Check settings",
  intro: "What the checks use.",
  onSubmit: () => undefined,
  saveLabel: "Save",
  readOnlyText: "Only an owner may change these.",
  pending: false,
  saved: "",
  failure: null,
};

describe("SettingsForm", () => {
  it("is a section and a form both named by the heading, with the save button for someone who may change them", () => {
    render(
      <SettingsForm {...props} editable saved="Saved.">
        <input aria-label="Hours" />
      </SettingsForm>,
    );
    expect(screen.getByRole("region", { name: "Check settings" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Check settings" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("type")).toBe("submit");
    expect(screen.getByRole("status").textContent).toBe("Saved.");
    expect(screen.queryByText("Only an owner may change these.")).toBeNull();
  });

  it("says so instead of a button for someone who may only read them", () => {
    render(
      <SettingsForm {...props} editable={false}>
        <input aria-label="Hours" />
      </SettingsForm>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Only an owner may change these.")).toBeTruthy();
  });
});
