import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import type { StoredOperation } from "./operations.js";

/**
 * The REST field names of a route's resource, read from the operation's result selection (its
 * aliases are the REST names), nested where the selection nests. A body may echo these back from a
 * GET; those that are not input fields are read-only and ignored, as Django REST Framework does
 * (DESIGN.md, "Request bodies").
 */
export interface ResourceShape {
  names: Set<string>;
  children: Map<string, ResourceShape>;
}

/** The shape of the field `result` selects in `operation` (undefined when it selects no object). */
export function resourceShape(operation: StoredOperation, result: string): ResourceShape | undefined {
  const field = fieldsOf(operation.definition.selectionSet, operation.fragments).get(result);
  return field ? shapeOf(field, operation.fragments) : undefined;
}

function shapeOf(selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): ResourceShape {
  const shape: ResourceShape = { names: new Set(), children: new Map() };
  for (const [name, sub] of fieldsOf(selection, fragments)) {
    shape.names.add(name);
    if (sub) shape.children.set(name, shapeOf(sub, fragments));
  }
  return shape;
}

/** Response key → sub-selection (null for a leaf), through fragment spreads and inline fragments. */
function fieldsOf(selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): Map<string, SelectionSetNode | null> {
  const out = new Map<string, SelectionSetNode | null>();
  for (const s of selection.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith("__")) continue;
      out.set(s.alias?.value ?? s.name.value, s.selectionSet ?? null);
    } else {
      const set = s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : fragments.get(s.name.value)?.selectionSet;
      if (!set || (s.kind === Kind.FRAGMENT_SPREAD && seen.has(s.name.value))) continue;
      if (s.kind === Kind.FRAGMENT_SPREAD) seen.add(s.name.value);
      for (const [k, v] of fieldsOf(set, fragments, seen)) out.set(k, v);
    }
  }
  return out;
}
