import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { camelInputNames, snakeFields, snakeNamesIn } from "./errors.js";

const apiSchema = buildSchema(readFileSync(new URL("../schema/api.graphql", import.meta.url), "utf8"));
const names = camelInputNames(apiSchema);

describe("subgraph messages as REST clients read them", () => {
  it("collects every camelCase input field and argument name of the API, and only those", () => {
    expect(names.size).toBeGreaterThan(50);
    for (const name of ["patientUhid", "valueText", "patientBirthDate", "patientAgeYears", "pageSize"]) expect(names.has(name), name).toBe(true);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9]*[a-z0-9][A-Z]/);
  });

  it("spells each of the API's names in snake_case wherever a message says it (every name, as a property)", () => {
    for (const name of names) {
      const snake = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
      expect(snakeNamesIn(`give ${name} or (${name}), not both; ${name}.`, names)).toBe(`give ${snake} or (${snake}), not both; ${snake}.`);
    }
  });

  it("leaves clinical and unit words alone: they are not the API's field names", () => {
    const clinical = "eGFR below 30 mL/min/1.73m², HbA1c 7.4 %, BP 150/95 mmHg, TSH 5 mIU/L, pH 7.1, pCO2 8 kPa, iPhone, McDonald";
    expect(snakeNamesIn(clinical, names)).toBe(clinical);
    expect(snakeNamesIn("patientUhidX and xpatientUhid are other words", names)).toBe("patientUhidX and xpatientUhid are other words");
  });

  it("rewrites the field paths and their messages together", () => {
    const fields = snakeFields({ "observation.valueText": ["send either value (a number) or valueText, not both"] }, names);
    expect({ ...fields }).toEqual({ "observation.value_text": ["send either value (a number) or value_text, not both"] });
  });
});
