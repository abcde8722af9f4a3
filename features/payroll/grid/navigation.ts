/**
 * Where Ctrl+arrow goes from cell `from` along a run of cells (a line's cells, or a column's down
 * the lines), as spreadsheets do: from a filled cell next to a filled one, to the far end of that
 * block of filled cells; otherwise to the next filled cell that way; with none, to the edge.
 * `last` is the run's last index; `filled` says whether a cell holds something.
 */
export function blockEdge(from: number, step: 1 | -1, last: number, filled: (index: number) => boolean): number {
  const inside = (index: number) => index >= 0 && index <= last;
  let at = from + step;
  if (!inside(at)) return from;
  if (filled(from) && filled(at)) {
    while (inside(at + step) && filled(at + step)) at += step;
    return at;
  }
  while (!filled(at) && inside(at + step)) at += step;
  return at;
}
