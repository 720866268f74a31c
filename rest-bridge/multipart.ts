import type { Context } from "hono";
import { ErrorCode, type FieldErrorCollector } from "../lib/errors.js";
import { hasNul, NUL_MESSAGE } from "../lib/nul.js";
import { RestError } from "./errors.js";

/** A file of a REST form, sent on to the gateway as a GraphQL multipart upload at `path` (`variables.input.document`). */
export interface GatewayFile {
  path: string;
  file: File;
}

/** Room for the form's other fields and part headers around the file, beyond the upload limit. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body (415 for any other content type, 400 when it cannot be parsed):
 * text fields by name (an empty optional field, as an HTML form sends it, counts as absent) and the
 * files of `fileFields`. A file field given as text, a text field given as a file, or a field given
 * twice is a field error.
 */
export async function readMultipartForm(c: Context, fileFields: string[], errors: FieldErrorCollector): Promise<{ text: Record<string, string>; files: Map<string, File> }> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) {
    throw new RestError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Send the body as multipart/form-data with the file in ${fileFields.map((f) => `"${f}"`).join(", ")}`);
  }
  // The right media type without its boundary (RFC 7578 4.1: required) is a malformed body, not a wrong type.
  if (!/;\s*boundary\s*=\s*("[^"]+"|[^\s;]+)/i.test(type)) {
    throw new RestError(ErrorCode.BAD_USER_INPUT, "Request body is not valid multipart/form-data: the Content-Type has no boundary parameter");
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch (err) {
    throw new RestError(ErrorCode.BAD_USER_INPUT, `Request body is not valid multipart/form-data: ${(err as Error).message}`);
  }
  const text = Object.create(null) as Record<string, string>;
  const files = new Map<string, File>();
  const seen = new Set<string>();
  for (const [key, value] of form.entries()) {
    if (seen.has(key)) {
      errors.add(key, "must be sent once");
      continue;
    }
    seen.add(key);
    if (hasNul(key)) errors.add(key, NUL_MESSAGE);
    else if (fileFields.includes(key)) {
      if (typeof value === "string") errors.add(key, "must be a file (a form part with a filename)");
      else files.set(key, value);
    } else if (typeof value !== "string") errors.add(key, "must be a text field, not a file");
    else if (hasNul(value)) errors.add(key, NUL_MESSAGE);
    else if (value !== "") text[key] = value;
  }
  return { text, files };
}

/** The gateway request for an operation: JSON, or a GraphQL multipart request when it carries files. */
export function gatewayRequestInit(body: { query: string; operationName: string; variables: Record<string, unknown> }, headers: Record<string, string>, files: GatewayFile[] = []): RequestInit {
  if (!files.length) return { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
  const form = new FormData();
  form.set("operations", JSON.stringify(body));
  form.set("map", JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.set(String(i), f.file, f.file.name || "upload"));
  // The gateway keeps Apollo's CSRF rule (a multipart POST needs a header a browser form cannot send): the bridge is no browser.
  return { method: "POST", headers: { ...headers, "apollo-require-preflight": "true" }, body: form };
}
