import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { FEATURES } from "@/lib/composition/features";

// .dependency-cruiser.cjs places the features by reading the list of manifests' text
// (./feature-layers.cjs: plain require cannot load the TypeScript list); its reading must be the
// list's own order and layer groups.

const { featureLayers } = createRequire(import.meta.url)("./feature-layers.cjs") as {
  featureLayers: () => { group: string | undefined; features: string[] }[];
};

describe("the features' layers", () => {
  it("are the list of manifests, in its order, each with its manifest's layer group", () => {
    const read = featureLayers().flatMap(({ group, features }) => features.map((name) => ({ name, group })));
    expect(read).toEqual(
      FEATURES.map((feature) => ({
        name: feature.name,
        group: "layerGroup" in feature ? feature.layerGroup : undefined,
      })),
    );
  });

  it("give a layer group's features one layer, and every other feature one of its own", () => {
    const layers = featureLayers();
    expect(layers.filter((layer) => layer.group === undefined).every((layer) => layer.features.length === 1)).toBe(
      true,
    );
    expect(new Set(layers.map((layer) => layer.group ?? layer.features[0])).size).toBe(layers.length);
  });
});
