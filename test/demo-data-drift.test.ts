import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The demo world is generated, then committed. An edit by hand to seed/demo/*.json, or a generator change
// that shifts its random stream, makes the two part ways; this keeps the generator the source.
describe("committed demo world", () => {
  const dir = mkdtempSync(join(tmpdir(), "demo-data-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is what scripts/generate-demo-data.ts writes (run it after changing the generator)", () => {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/generate-demo-data.ts", "--out", dir], { stdio: "pipe" });
    for (const file of ["clinical.json", "pharmacy.json"]) {
      const committed = readFileSync(new URL(`../seed/demo/${file}`, import.meta.url), "utf8");
      expect(readFileSync(join(dir, file), "utf8") === committed, `seed/demo/${file} differs from the generator's output`).toBe(true);
    }
  }, 60_000);
});
