import { readdirSync, readFileSync } from "node:fs";
import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";

export interface StoredOperation {
  name: string;
  /** The whole document it lives in (operations and the fragments they spread). */
  document: string;
  definition: OperationDefinitionNode;
  /** The fragments of its document by name (to read the shape of its result). */
  fragments: Map<string, FragmentDefinitionNode>;
  file: string;
}

const OPERATIONS_DIR = new URL("./operations/", import.meta.url);

/** Loads every named operation in rest-bridge/operations/*.graphql. Names must be unique. */
export function loadOperations(dir: URL = OPERATIONS_DIR): Map<string, StoredOperation> {
  const operations = new Map<string, StoredOperation>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".graphql")).sort()) {
    const document = readFileSync(new URL(file, dir), "utf8");
    const parsed = parse(document);
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of parsed.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    for (const def of parsed.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      const name = def.name?.value;
      if (!name) throw new Error(`${file}: every operation needs a name`);
      if (operations.has(name)) throw new Error(`${file}: operation ${name} is defined twice`);
      operations.set(name, { name, document, definition: def, fragments, file });
    }
  }
  return operations;
}
