/**
 * PostgreSQL text and jsonb cannot hold U+0000 (NUL): a string carrying one fails deep inside a
 * query, as a 500 with the SQL in the log. Both edges (REST bridge, GraphQL gateway) refuse such
 * input first, naming where it was.
 */
export const NUL_MESSAGE = "must not contain NUL (\\u0000) characters";

export const hasNul = (s: string): boolean => s.includes("\u0000");

/**
 * Dotted paths (`items.0.notes`) of every string, and every object key, that holds a NUL, anywhere
 * in a JSON value. Walks with an explicit stack, so deeply nested input cannot overflow the call stack.
 */
export function nulPaths(value: unknown, root = ""): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (hasNul(v)) found.push(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, join(path, String(i))]));
    } else if (typeof v === "object" && v !== null) {
      for (const key of Object.keys(v)) {
        if (hasNul(key)) found.push(join(path, key));
        else stack.push([(v as Record<string, unknown>)[key], join(path, key)]);
      }
    }
  }
  return found.reverse();
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
