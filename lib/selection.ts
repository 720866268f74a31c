import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/**
 * True when the operation selects nothing under the current field but the named fields (and
 * `__typename`): fragments and inline fragments are followed, aliases do not matter, and a field under
 * `@skip`/`@include` counts as selected. A list resolver uses it to skip reading rows nobody asked for
 * (`notifications { totalCount }`).
 */
export function selectsOnly(info: GraphQLResolveInfo, names: ReadonlySet<string>): boolean {
  const visited = new Set<string>();
  const only = (set: SelectionSetNode | undefined): boolean => {
    if (!set) return true;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value !== "__typename" && !names.has(s.name.value)) return false;
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (!only(s.selectionSet)) return false;
      } else {
        const name = s.name.value;
        if (visited.has(name)) continue;
        visited.add(name);
        const fragment = info.fragments[name];
        if (!fragment || !only(fragment.selectionSet)) return false;
      }
    }
    return true;
  };
  return info.fieldNodes.every((node) => only(node.selectionSet));
}
