// Folder cycles among production modules. A module's folder is its own directory (not its
// ancestors), so `features/payroll/server` importing `lib/db` is the edge
// features/payroll/server → lib/db, and `features/payroll` stands only for the files directly in it.
// Tests, benches, fixtures and testing/ helpers are left out: they drive the whole stack on purpose.
// dependency-cruiser's own folder scope cannot say this (it adds every ancestor folder, counts
// test files and has no `via` for folder rules), hence this script over its JSON; see
// docs/adr/0242-folder-cycles.md.
import type { IModule } from "dependency-cruiser";

export const TEST_FILES = /\.(test|bench)\.tsx?$|(^|\/)testing\/|\.fixture\.ts$/;
const PRODUCTION = /^(app|components|features|lib)\/|^[^/]+\.tsx?$/;

/** One folder-level edge, with one module-level import that makes it. */
export type FolderEdge = { from: string; to: string; via: { from: string; to: string } };

/**
 * A feature's manifest (features/<name>/feature.ts) is its composition root: it imports the
 * feature's jobs, handlers and presenters, and nothing in the feature imports it. It counts as a
 * folder of its own, like lib/composition, so that a feature's root folder can hold both its
 * manifest and the contract and schemas its sub-folders import.
 */
export const MANIFEST = /^features\/[^/]+\/feature\.ts$/;
const folderOf = (file: string) =>
  MANIFEST.test(file) ? file : file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
const isProduction = (file: string) => PRODUCTION.test(file) && !TEST_FILES.test(file);

/** The folder graph of the production modules: folder → folder it imports → one import that does. */
export function folderGraph(modules: Pick<IModule, "source" | "dependencies">[]): Map<string, Map<string, FolderEdge>> {
  const graph = new Map<string, Map<string, FolderEdge>>();
  for (const cruised of modules) {
    if (!isProduction(cruised.source)) continue;
    const from = folderOf(cruised.source);
    const edges = graph.get(from) ?? new Map<string, FolderEdge>();
    graph.set(from, edges);
    for (const dependency of cruised.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve || !isProduction(dependency.resolved)) continue;
      const to = folderOf(dependency.resolved);
      if (to !== from && !edges.has(to))
        edges.set(to, { from, to, via: { from: cruised.source, to: dependency.resolved } });
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one folder: each is one tangle of folder cycles. */
function tangles(graph: Map<string, Map<string, FolderEdge>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder)!, index.get(to)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === folder) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest way back from `to` to `from` inside one tangle (breadth first). */
function pathBack(
  graph: Map<string, Map<string, FolderEdge>>,
  members: Set<string>,
  from: string,
  to: string,
): FolderEdge[] {
  const cameBy = new Map<string, FolderEdge>();
  const queue = [to];
  for (let folder = queue.shift(); folder !== undefined && folder !== from; folder = queue.shift()) {
    for (const edge of graph.get(folder)?.values() ?? []) {
      if (!members.has(edge.to) || cameBy.has(edge.to) || edge.to === to) continue;
      cameBy.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  const path: FolderEdge[] = [];
  for (let folder = from; folder !== to; folder = cameBy.get(folder)!.from) path.unshift(cameBy.get(folder)!);
  return path;
}

/**
 * Every folder edge that lies on a cycle (what dependency-cruiser counts as one circular
 * violation each), with the shortest cycle through it, grouped by tangle.
 */
export function folderCycles(
  graph: Map<string, Map<string, FolderEdge>>,
): { folders: string[]; cycles: FolderEdge[][] }[] {
  return tangles(graph).map((folders) => {
    const members = new Set(folders);
    const cycles = folders.flatMap((from) =>
      [...(graph.get(from)?.values() ?? [])]
        .filter((edge) => members.has(edge.to))
        .map((edge) => [edge, ...pathBack(graph, members, from, edge.to)]),
    );
    return { folders, cycles };
  });
}

/** A cycle's key: its folders in order, starting at its first edge's folder, e.g. "lib/a → lib/b → lib/a". */
export const cycleKey = (cycle: FolderEdge[]) => [...cycle.map((edge) => edge.from), cycle[0]!.from].join(" → ");
