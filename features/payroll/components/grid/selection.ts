export interface GridSelection {
  row: number;
  col: number;
  anchorRow: number;
  anchorCol: number;
}

export function selectionBounds(selection: GridSelection) {
  return {
    top: Math.min(selection.row, selection.anchorRow),
    bottom: Math.max(selection.row, selection.anchorRow),
    left: Math.min(selection.col, selection.anchorCol),
    right: Math.max(selection.col, selection.anchorCol),
  };
}
