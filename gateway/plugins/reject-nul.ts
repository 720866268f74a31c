import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from "graphql";
import { ErrorCode, type FieldErrors } from "../../lib/errors.js";
import { hasNul, NUL_MESSAGE, nulPaths } from "../../lib/nul.js";

/**
 * Refuses an operation with a NUL (U+0000) in any variable (at any depth, keys included) or in any
 * inline string literal, before any subgraph is called: PostgreSQL cannot store it, and without this
 * check it fails inside a query as a 500 (lib/nul.ts). BAD_USER_INPUT names each place:
 * `input.items.0.notes` for a variable, `patients.search` for a literal argument.
 */
export function useRejectNul(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const fields: FieldErrors = Object.create(null) as FieldErrors;
          for (const path of nulPaths(request.variables ?? {})) fields[path] = [NUL_MESSAGE];
          // Walk the document only when its source can hold a NUL (raw, or written as the \u0000 escape).
          if (mayHoldNul(request.query)) for (const path of nulLiterals(document)) fields[path] = [NUL_MESSAGE];
          if (Object.keys(fields).length) {
            throw new GraphQLError("Strings must not contain NUL (\\u0000) characters", {
              extensions: { code: ErrorCode.BAD_USER_INPUT, fields, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

function mayHoldNul(source: string | undefined): boolean {
  return source === undefined || hasNul(source) || /\\u(0000|\{0+\})/i.test(source);
}

/** Where string literals (and block strings) holding a NUL sit: field.argument.objectField... */
function nulLiterals(document: DocumentNode): string[] {
  const found: string[] = [];
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (!hasNul(node.value)) return;
      const names = [...(ancestors as readonly (ASTNode | readonly ASTNode[])[]), parent as ASTNode]
        .filter((a): a is ASTNode => !Array.isArray(a))
        .flatMap((a) => (a.kind === Kind.FIELD || a.kind === Kind.ARGUMENT || a.kind === Kind.OBJECT_FIELD ? [a.name.value] : []));
      found.push(names.join(".") || "query");
    },
  });
  return found;
}
