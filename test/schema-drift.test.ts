import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaArtifacts } from "../gateway/artifacts.js";

describe("committed schema artifacts", () => {
  it("match what the code produces (run `npm run schema` after changing a type)", async () => {
    const files = await schemaArtifacts();
    expect(Object.keys(files).sort()).toEqual(["api.graphql", "billing.graphql", "clinical.graphql", "notifications.graphql", "pharmacy.graphql", "supergraph.graphql"]);
    for (const [file, sdl] of Object.entries(files)) {
      const committed = readFileSync(new URL(`../schema/${file}`, import.meta.url), "utf8");
      expect(committed, `schema/${file} is stale: run npm run schema`).toBe(sdl);
    }
  });
});
