"use client";

import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from "react";

export type EditMode = "replace" | "edit";
/** Dispatched on window (synchronously) to commit an open cell editor's text now. */
export const COMMIT_OPEN_EDIT = "ledgerlane:grid-commit-open-edit";
export interface EditorMove {
  rows: number;
  cols: number;
  wrap?: boolean;
}

interface CellEditorProps {
  id: string;
  label: string;
  initial: string;
  mode: EditMode;
  listId?: string;
  /** An error code for the text as typed, or null: checked on every keystroke. */
  validate: (text: string) => string | null;
  describe: (code: string) => string;
  /** `wrap`: Tab's move, which goes on to the next or previous line at a line's end. */
  onCommit: (text: string, move: EditorMove) => void;
  onCancel: () => void;
}

/**
 * The one input of the grid, over the cell being edited. Its text lives here (typing re-renders
 * only this component); the grid's model changes once, on commit. In "replace" mode (started by
 * typing) arrows commit and move, as in spreadsheets; in "edit" mode (F2, Enter) they move the caret.
 */
export function CellEditor({
  id,
  label,
  initial,
  mode,
  listId,
  validate,
  describe,
  onCommit,
  onCancel,
}: CellEditorProps) {
  const [error, setError] = useState<string | null>(() => (initial ? validate(initial) : null));
  const errorId = `${id}-error`;
  // Set once the edit has ended (committed or cancelled): the blur that follows must not commit again.
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  // Leaving the page (reload, closing the tab, hiding it) keeps what is typed: the draft saver
  // asks for it (COMMIT_OPEN_EDIT) before it sends the draft. Listeners of the editor's own for
  // those events ran after the draft saver's, which were added first.
  const commitBeforeLeaving = useEffectEvent(() => {
    if (done.current || !input.current) return;
    done.current = true;
    onCommit(input.current.value, { rows: 0, cols: 0 });
  });
  useEffect(() => {
    const listener = () => commitBeforeLeaving();
    window.addEventListener(COMMIT_OPEN_EDIT, listener);
    return () => window.removeEventListener(COMMIT_OPEN_EDIT, listener);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const text = event.currentTarget.value;
    const moves: Record<string, EditorMove> = {
      Enter: { rows: event.shiftKey ? -1 : 1, cols: 0 },
      Tab: { rows: 0, cols: event.shiftKey ? -1 : 1, wrap: true },
    };
    if (mode === "replace" || event.key === "ArrowUp" || event.key === "ArrowDown") {
      Object.assign(moves, { ArrowUp: { rows: -1, cols: 0 }, ArrowDown: { rows: 1, cols: 0 } });
      if (mode === "replace")
        Object.assign(moves, { ArrowLeft: { rows: 0, cols: -1 }, ArrowRight: { rows: 0, cols: 1 } });
    }
    const move = moves[event.key];
    if (move && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      event.stopPropagation();
      done.current = true;
      onCommit(text, move);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      done.current = true;
      onCancel();
    } else {
      event.stopPropagation();
    }
  }

  return (
    // Below the grid's sticky header (z-10): painted before it, the editor stays part of the grid's
    // scrolled content instead of becoming a compositor layer of its own on every edit.
    <span className="absolute inset-0 z-[5]">
      <input
        ref={input}
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        list={listId}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        defaultValue={initial}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        onInput={(event) => setError(validate(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (done.current) return;
          done.current = true;
          onCommit(event.currentTarget.value, { rows: 0, cols: 0 });
        }}
        onPaste={(event) => event.stopPropagation()}
        onCopy={(event) => event.stopPropagation()}
        className={`h-full w-full border-2 bg-white px-1.5 text-sm outline-none ${error ? "border-red-600" : "border-blue-600"}`}
      />
      {error ? (
        <span
          id={errorId}
          role="alert"
          className="absolute left-0 top-full z-30 mt-0.5 whitespace-nowrap rounded bg-red-700 px-2 py-0.5 text-xs text-white shadow"
        >
          {describe(error)}
        </span>
      ) : null}
    </span>
  );
}
