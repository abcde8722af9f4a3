"use client";

import { lazy, Suspense, useId, useState } from "react";
import type { SwitcherPopupProps } from "./switcher-popup";
import { TriggerText, triggerClassName, type SwitcherProps } from "./switcher-trigger";

const loadPopup = () => import("./switcher-popup");
const SwitcherPopup = lazy(loadPopup);

/**
 * A header switcher: a select-only combobox named by its label that shows the current choice in
 * full, and opens a list with type-to-search (Radix Popover + cmdk, components/ui/switcher-popup.tsx).
 * The list's code loads on first use (hover, focus or press), so no page pays for it up front.
 */
export function Switcher(props: SwitcherProps) {
  const id = useId();
  const [armed, setArmed] = useState(false);
  const current = props.options.find((option) => option.id === props.value);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const trigger = {
    labelId,
    describedBy: props.error ? errorId : undefined,
    text: current?.name ?? "—",
    disabled: props.disabled || props.options.length === 0,
    busy: props.busy,
  };
  const plain = (
    // Collapsed, with no list in the page: ARIA 1.2 needs no aria-controls (the opened one has it).
    <button
      type="button"
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="combobox"
      aria-labelledby={labelId}
      aria-describedby={trigger.describedBy}
      aria-expanded={false}
      aria-haspopup="dialog"
      aria-busy={trigger.busy || undefined}
      disabled={trigger.disabled}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setArmed(true)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setArmed(true);
        }
      }}
      className={triggerClassName}
    >
      <TriggerText text={trigger.text} />
    </button>
  );
  const popupProps: SwitcherPopupProps = { ...props, trigger };
  return (
    <div className="flex min-w-0 items-center gap-2 text-control lg:shrink-0">
      <span id={labelId} className="shrink-0 text-slate-700 lg:max-xl:sr-only">
        {props.label}
      </span>
      {armed ? (
        <Suspense fallback={plain}>
          <SwitcherPopup {...popupProps} />
        </Suspense>
      ) : (
        plain
      )}
      {props.error ? (
        <span id={errorId} role="alert" className="text-red-700">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
