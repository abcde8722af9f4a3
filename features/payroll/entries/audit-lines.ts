/** One line of a draft save in the trail (`draft.saved`): `cells` maps each field whose text changed to [old, new] (null: empty or absent). */
export interface DraftLineChange {
  id: string;
  change: "added" | "changed" | "removed";
  employeeId: number | null;
  /** Set when the line moved to another employee. */
  oldEmployeeId?: number | null;
  cells?: Record<string, [string | null, string | null]>;
}
