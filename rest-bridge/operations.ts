import { readdirSync, readFileSync } from "node:fs";
import { Kind, parse, print, stripIgnoredCharacters, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionNode, type SelectionSetNode } from "graphql";

export interface StoredOperation {
  name: string;
  /**
   * What the bridge sends to the gateway: this operation alone, its fragment spreads inlined. Not the
   * whole file: the gateway hashes, looks up and walks the document it gets on every request, and an
   * operation's file holds many operations and fragments it does not use. Compact (no ignored characters).
   */
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
    const parsed = parse(readFileSync(new URL(file, dir), "utf8"));
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of parsed.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    for (const def of parsed.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      const name = def.name?.value;
      if (!name) throw new Error(`${file}: every operation needs a name`);
      if (operations.has(name)) throw new Error(`${file}: operation ${name} is defined twice`);
      const document = stripIgnoredCharacters(print({ kind: Kind.DOCUMENT, definitions: [inlineFragments(def, fragments, `${file}: operation ${name}`)] }));
      operations.set(name, { name, document, definition: def, fragments, file });
    }
  }
  return operations;
}

/**
 * The operation with each fragment spread replaced by an inline fragment on the fragment's type (the
 * same selection: a spread is valid exactly where that inline fragment is), recursively.
 */
export function inlineFragments(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, where: string): OperationDefinitionNode {
  const expand = (set: SelectionSetNode, spreading: readonly string[]): SelectionSetNode => ({
    ...set,
    selections: set.selections.map((s): SelectionNode => {
      if (s.kind !== Kind.FRAGMENT_SPREAD) return s.selectionSet ? { ...s, selectionSet: expand(s.selectionSet, spreading) } : s;
      const name = s.name.value;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`${where}: no fragment named ${name} in its file`);
      if (spreading.includes(name)) throw new Error(`${where}: fragment ${name} spreads itself (${[...spreading, name].join(" → ")})`);
      return { kind: Kind.INLINE_FRAGMENT, typeCondition: fragment.typeCondition, directives: s.directives, selectionSet: expand(fragment.selectionSet, [...spreading, name]) };
    }),
  });
  return { ...operation, selectionSet: expand(operation.selectionSet, []) };
}
