import { parse as parseYaml } from "yaml";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../lib/config.js";
import { REPO_ROOT } from "./ops-processes.js";

const read = (file: string) => readFileSync(`${REPO_ROOT}/${file}`, "utf8");
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** `NAME=` lines of .env.example, commented out or not. */
function envExampleVariables(): string[] {
  return [...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
}

/** Every `NAME` in the first column of the README's configuration table. */
function readmeTableVariables(): string[] {
  const section = read("README.md").split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe("every configuration variable is documented where operators look", () => {
  it(".env.example lists exactly the variables the config schema reads", () => {
    expect(sorted(envExampleVariables())).toEqual(sorted(CONFIG_VARIABLES));
  });

  it("the README configuration table lists exactly the variables the config schema reads", () => {
    expect(sorted(readmeTableVariables())).toEqual(sorted(CONFIG_VARIABLES));
  });

  it("compose.yaml parses as YAML and runs every split role, with gateway, bridge and worker replicas", async () => {
    const compose = parseYaml(read("compose.yaml"), { merge: true });
    const commands = Object.fromEntries(Object.entries<any>(compose.services).map(([name, s]) => [name, s.command?.join(" ")]));
    for (const role of ["gateway", "clinical", "pharmacy", "notifications", "billing", "bridge", "worker"]) {
      expect(Object.values(commands), role).toContain(`node dist/main.js --only=${role}`);
    }
    expect(commands.migrate).toBe("node dist/main.js --migrate-only");
    expect(compose.services.gateway.deploy.replicas).toBe(2);
    expect(compose.services.bridge.deploy.replicas).toBe(2);
    expect(compose.services["notification-worker"].deploy.replicas).toBe(2);
    expect(compose.services.postgres.image).toBe("postgres:16");
    expect(compose.services.redis.image).toBe("redis:7");
    expect(compose.services.clinical.depends_on.migrate.condition).toBe("service_completed_successfully");
  });
});
