import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/**
 * The names of the fields the operation selects directly under the current field (not `__typename`):
 * fragments and inline fragments are followed, aliases do not matter, and a field under
 * `@skip`/`@include` counts as selected. An unknown fragment yields null (anything may be selected).
 */
export function selectedNames(info: GraphQLResolveInfo): ReadonlySet<string> | null {
  const names = new Set<string>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode | undefined): boolean => {
    if (!set) return true;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value !== "__typename") names.add(s.name.value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (!collect(s.selectionSet)) return false;
      } else {
        const name = s.name.value;
        if (visited.has(name)) continue;
        visited.add(name);
        const fragment = info.fragments[name];
        if (!fragment || !collect(fragment.selectionSet)) return false;
      }
    }
    return true;
  };
  return info.fieldNodes.every((node) => collect(node.selectionSet)) ? names : null;
}

/**
 * True when the operation selects nothing under the current field but the named fields (and
 * `__typename`). A list resolver uses it to skip reading rows nobody asked for
 * (`notifications { totalCount }`).
 */
export function selectsOnly(info: GraphQLResolveInfo, names: ReadonlySet<string>, selected = selectedNames(info)): boolean {
  return selected !== null && [...selected].every((n) => names.has(n));
}

/** True when the operation selects any of the named fields under the current field (see selectsOnly). */
export function selectsAny(info: GraphQLResolveInfo, names: ReadonlySet<string>, selected = selectedNames(info)): boolean {
  return selected === null || [...names].some((n) => selected.has(n));
}

/** How a field was reached: the operation's name (as this server received it) and the root field its path starts from. */
export function reachedVia(info: GraphQLResolveInfo): { operation: string | null; rootField: string } {
  let path = info.path;
  while (path.prev) path = path.prev;
  return { operation: info.operation.name?.value ?? null, rootField: String(path.key) };
}
