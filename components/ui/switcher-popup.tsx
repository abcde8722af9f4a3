"use client";

import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import { useId, useState } from "react";
import { TriggerText, triggerClassName, type SwitcherProps } from "./switcher-trigger";

export interface SwitcherPopupProps extends SwitcherProps {
  trigger: { labelId: string; describedBy?: string; text: string; disabled: boolean; busy?: boolean };
}

/** A choice matches when its name contains what was typed, in any case: predictable for names. */
function byName(_value: string, search: string, keywords?: string[]): number {
  return (keywords ?? []).join(" ").toLocaleLowerCase().includes(search.trim().toLocaleLowerCase()) ? 1 : 0;
}

/**
 * The switcher once used: Radix Popover (focus moved in and back, Escape and outside clicks close,
 * placed to stay on screen) holding a cmdk list (a combobox input filtering a listbox, arrows and
 * Enter). Mounted open, because it replaces the plain trigger the person just pressed.
 */
export default function SwitcherPopup({ options, value, onChoose, texts, trigger }: SwitcherPopupProps) {
  const [open, setOpen] = useState(true);
  const currentId = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        {/* Radix's Trigger adds aria-expanded and aria-controls. */}
        <button
          type="button"
          // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
          role="combobox"
          aria-labelledby={trigger.labelId}
          aria-describedby={trigger.describedBy}
          aria-busy={trigger.busy || undefined}
          disabled={trigger.disabled}
          onKeyDown={(event) => {
            if (event.key !== "ArrowDown") return;
            event.preventDefault();
            setOpen(true);
          }}
          className={triggerClassName}
        >
          <TriggerText text={trigger.text} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-popover max-w-[calc(100vw-1rem)] rounded-md border border-slate-300 bg-white p-1 text-control shadow-lg"
        >
          <Command filter={byName} label={texts.search} loop>
            <Command.Input
              placeholder={texts.search}
              className="mb-1 h-control w-full rounded border border-slate-400 px-control-x text-control"
            />
            {/* Says which option is the current choice (its icon and bold text are only seen): the
                description leaves the option's name as it is, aria-current adds the state. */}
            <span id={currentId} hidden>
              {texts.current}
            </span>
            <Command.List label={texts.choices} className="max-h-72 overflow-y-auto">
              <Command.Empty className="px-2 py-1.5 text-slate-700">{texts.noMatch}</Command.Empty>
              {options.map((option) => (
                <Command.Item
                  key={option.id}
                  value={option.id}
                  keywords={[option.name]}
                  onSelect={() => {
                    setOpen(false);
                    if (option.id !== value) onChoose(option.id);
                  }}
                  data-current={option.id === value || undefined}
                  aria-current={option.id === value ? "true" : undefined}
                  aria-describedby={option.id === value ? currentId : undefined}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-slate-900 data-[current]:font-semibold data-[selected=true]:bg-blue-50"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4 shrink-0 text-blue-700"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                  >
                    {option.id === value ? <path d="M4 10.5l4 4 8-9" /> : null}
                  </svg>
                  {option.name}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
