import type { StoredLine } from "./kinds";

export interface LineDiff {
  added: StoredLine[];
  changed: { before: StoredLine; after: StoredLine }[];
  removed: StoredLine[];
  unchanged: number;
}

function contentKey(line: StoredLine, fields: readonly string[]): string {
  return JSON.stringify([line.employee_id, ...fields.map((field) => line.values[field] ?? "")]);
}

/**
 * What `after` changes against `before`: lines are matched by their grid id; a changed line is
 * the same id with other content. Lines whose ids differ but whose content is identical (deleted
 * and retyped, pasted anew) count as unchanged, as the service sees no difference.
 */
export function diffLines(
  before: readonly StoredLine[],
  after: readonly StoredLine[],
  fields: readonly string[],
): LineDiff {
  const beforeById = new Map(before.map((line) => [line.id, line]));
  const afterIds = new Set(after.map((line) => line.id));
  const diff: LineDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  const unmatchedAfter: StoredLine[] = [];
  for (const line of after) {
    const earlier = beforeById.get(line.id);
    if (!earlier) unmatchedAfter.push(line);
    else if (contentKey(earlier, fields) === contentKey(line, fields)) diff.unchanged += 1;
    else diff.changed.push({ before: earlier, after: line });
  }
  const unmatchedBefore = new Map<string, StoredLine[]>();
  for (const line of before) {
    if (afterIds.has(line.id)) continue;
    const key = contentKey(line, fields);
    unmatchedBefore.set(key, [...(unmatchedBefore.get(key) ?? []), line]);
  }
  for (const line of unmatchedAfter) {
    const same = unmatchedBefore.get(contentKey(line, fields));
    if (same?.length) {
      same.pop();
      diff.unchanged += 1;
    } else diff.added.push(line);
  }
  for (const lines of unmatchedBefore.values()) diff.removed.push(...lines);
  return diff;
}

/** Which fields of a changed line differ. */
export function changedFields(before: StoredLine, after: StoredLine, fields: readonly string[]): string[] {
  return fields.filter((field) => (before.values[field] ?? "") !== (after.values[field] ?? ""));
}
