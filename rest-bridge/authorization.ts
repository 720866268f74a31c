import { readFileSync } from "node:fs";
import { getNamedType, TypeInfo, visit, visitWithTypeInfo, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { ACCESS, mayUse } from "../lib/access.js";
import type { Principal } from "../lib/auth.js";
import { ErrorCode } from "../lib/errors.js";
import { RestError } from "./errors.js";
import type { FieldCapabilities } from "./field-capabilities.js";

const FIELD_CAPABILITIES = new URL("../schema/field-capabilities.json", import.meta.url);

/**
 * The message lib/format-error.ts gives type-graphql's UNAUTHORIZED (an `@Authorized` check that
 * failed), which the bridge answers as 403: a refusal made here reads exactly like the gateway's.
 */
export const ROLE_FORBIDDEN_MESSAGE = "Your role may not do this";

/** schema/field-capabilities.json, written by `npm run schema` from the resolvers' `@Authorized`. */
export function loadFieldCapabilities(file: URL = FIELD_CAPABILITIES): FieldCapabilities {
  const capabilities = JSON.parse(readFileSync(file, "utf8")) as FieldCapabilities;
  for (const [field, caps] of Object.entries(capabilities)) {
    for (const cap of caps) if (!Object.hasOwn(ACCESS, cap)) throw new Error(`${file.pathname}: ${field} names capability "${cap}", which lib/access.ts does not have (run npm run schema)`);
  }
  return capabilities;
}

/**
 * What an operation asks of its caller's roles: for each field it selects that has `@Authorized`
 * (root fields, and field resolvers such as `Patient.timeline`), the capabilities of which the caller
 * needs one. Computed once per operation when the bridge starts.
 */
export function capabilitiesOfOperation(operation: OperationDefinitionNode, schema: GraphQLSchema, capabilities: FieldCapabilities): string[][] {
  const typeInfo = new TypeInfo(schema);
  const needed = new Map<string, string[]>();
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const key = parent && `${getNamedType(parent).name}.${node.name.value}`;
        if (key && Object.hasOwn(capabilities, key)) needed.set(key, capabilities[key]);
      },
    }),
  );
  return [...needed.values()];
}

/**
 * Whether the caller's roles pass every `@Authorized` the operation reaches, decided as the subgraphs'
 * authChecker decides (`mayUse`, lib/federation.ts). One field refused is enough to refuse: the
 * gateway would answer that field with FORBIDDEN, and the bridge answers any FORBIDDEN with 403.
 */
export function mayRunOperation(principal: Principal, needed: readonly string[][]): boolean {
  return needed.every((caps) => mayUse(principal.roles, caps));
}

/** The 403 the bridge answers when the gateway refuses the caller's role (lib/format-error.ts). */
export function roleForbidden(): RestError {
  return new RestError(ErrorCode.FORBIDDEN, ROLE_FORBIDDEN_MESSAGE);
}
