import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { identifyLabResult } from "./critical-values.engine.js";

const k = knowledgeFromFiles();

/** The class tests' identification: the test a result names (or none) and the field errors the service would answer. */
export function identify(code: string, display: string | null, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m), "has no critical limits in the knowledge base");
  return { test: r.test, errors };
}
