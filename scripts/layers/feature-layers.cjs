// The features' layers, bottom first, from the list of manifests (lib/composition/features.ts),
// for .dependency-cruiser.cjs: each feature a layer of its own, in the list's order, except that
// the features whose manifests name the same `layerGroup` (features that import each other's
// modules) share one. So adding a feature to the list places it; nothing else names it.
//
// dependency-cruiser loads its configuration with plain `require`, which cannot load the
// TypeScript list and its imports; this reads the list's text (its manifests' imports and its
// entries, in order) and each manifest's `layerGroup`, and fails loudly on a shape it does not
// know. scripts/layers/feature-layers.test.ts holds this reading to the list's own values.
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "../..");
const LIST = "lib/composition/features.ts";
const IMPORT = /^import \{ feature as (\w+) \} from "@\/features\/([^/"]+)\/feature";$/gm;
const ENTRIES = /^export const FEATURES = \[([^\]]*)\]/m;
const GROUP = /^\s*layerGroup: "([^"]+)",$/m;
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

/** The features' layers in order: each `{ group, features }`, `group` undefined for a feature alone. */
function featureLayers() {
  const text = fs.readFileSync(path.join(ROOT, LIST), "utf8");
  const folderOf = new Map([...text.matchAll(IMPORT)].map(([, binding, folder]) => [binding, folder]));
  const entries = ENTRIES.exec(text.replace(COMMENTS, ""));
  if (!entries) throw new Error(`layers: found no \`export const FEATURES = [...]\` in ${LIST}`);
  const layers = [];
  for (const binding of entries[1]
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const name = folderOf.get(binding);
    if (!name)
      throw new Error(`layers: ${LIST} lists ${binding}, not a manifest it imports as \`feature as ${binding}\``);
    const group = GROUP.exec(fs.readFileSync(path.join(ROOT, "features", name, "feature.ts"), "utf8"))?.[1];
    const last = layers[layers.length - 1];
    if (group !== undefined && last?.group === group) last.features.push(name);
    else if (group !== undefined && layers.some((layer) => layer.group === group))
      throw new Error(`layers: the features of the layer group "${group}" must stand together in ${LIST} (${name})`);
    else layers.push({ group, features: [name] });
  }
  return layers;
}

module.exports = { featureLayers };
