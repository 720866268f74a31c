import "reflect-metadata";
import { getMetadataStorage } from "type-graphql";
import { SUBGRAPHS } from "../subgraphs/index.js";

/**
 * `Type.field` → the capabilities its `@Authorized(...)` names (a caller holding any one of them is
 * let in, as lib/federation.ts's authChecker decides with `mayUse`). Only fields with `@Authorized`
 * appear: root fields (`Query.patients`, `Mutation.registerPatient`) and field resolvers
 * (`Patient.timeline`). Committed as schema/field-capabilities.json by `npm run schema`.
 */
export type FieldCapabilities = Record<string, string[]>;

/**
 * Reads the capabilities from type-graphql's decorator metadata (the `@Authorized` of every resolver
 * the subgraphs build with), so the bridge never keeps a second, hand-written table. type-graphql
 * 2.0 keeps `@Authorized` in `authorizedFields` (method level) and `authorizedResolver` (class level,
 * the fallback for every method of the class), as its own `findFieldRoles` reads them.
 */
export async function fieldCapabilitiesFromCode(): Promise<FieldCapabilities> {
  // Building every subgraph loads each resolver module: their decorators fill the storage.
  for (const mod of Object.values(SUBGRAPHS)) await mod.schema();
  const storage = getMetadataStorage();
  const byMember = new Map<Function, Map<string, string[]>>();
  for (const a of storage.authorizedFields) byMember.set(a.target, (byMember.get(a.target) ?? new Map()).set(a.fieldName, a.roles as string[]));
  const byClass = new Map(storage.authorizedResolver.map((a) => [a.target, a.roles as string[]]));
  const rolesOf = (target: Function, member: string) => byMember.get(target)?.get(member) ?? byClass.get(target);
  const typeNameOf = new Map<Function, string>(storage.objectTypes.map((t) => [t.target, t.name]));
  const resolverType = new Map(storage.resolverClasses.map((r) => [r.target, r.getObjectType]));

  const out: FieldCapabilities = {};
  const add = (key: string, roles: string[] | undefined) => {
    if (!roles) return;
    // The same field from two resolvers (a @shareable root field): a caller either lets in may call it.
    out[key] = [...new Set([...(out[key] ?? []), ...roles])].sort();
  };
  for (const q of storage.queries) add(`Query.${q.schemaName}`, rolesOf(q.target, q.methodName));
  for (const m of storage.mutations) add(`Mutation.${m.schemaName}`, rolesOf(m.target, m.methodName));
  for (const f of storage.fieldResolvers) {
    const objectClass = resolverType.get(f.target)?.() as Function | undefined;
    const typeName = objectClass && typeNameOf.get(objectClass);
    if (typeName) add(`${typeName}.${f.schemaName}`, rolesOf(f.target, f.methodName));
  }
  // `@Authorized` on a plain `@Field` of an object type.
  for (const field of storage.fields) {
    const typeName = typeNameOf.get(field.target);
    if (typeName) add(`${typeName}.${field.schemaName}`, byMember.get(field.target)?.get(field.name));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The committed artifact's text (sorted keys, one field a line). */
export function printFieldCapabilities(capabilities: FieldCapabilities): string {
  const lines = Object.entries(capabilities).map(([field, caps]) => `  ${JSON.stringify(field)}: ${JSON.stringify(caps)}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}
