import { findUploads, isGraphQLUpload, readMultipartOperations, readUpload, type MultipartLimits } from "../../lib/uploads.js";

/**
 * A file the gateway received in a GraphQL multipart request, held in memory until the query plan
 * sends it on. The stock Apollo gateway serialises variables as JSON, so a file would be lost; the
 * subgraph data source (gateway/index.ts) finds these values and re-encodes the request as multipart.
 * The bytes sit in a private field, so walkers of the variables (the NUL check, the cost limit's
 * coercion) see only `filename` and `mimetype`.
 */
export class BufferedUpload {
  readonly #bytes: Buffer;
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
  /** Never sent as JSON: the data source sends the file as a multipart part instead. */
  toJSON(): null {
    return null;
  }
}

export const isBufferedUpload = (v: unknown): v is BufferedUpload => v instanceof BufferedUpload;

/**
 * useUploads: reads a multipart GraphQL request at the gateway, with each file read whole (at most
 * `maxFileBytes`) and put where the map says, as a BufferedUpload.
 */
export function useUploads(limits: MultipartLimits) {
  return async function readGatewayUpload(request: Request): Promise<unknown> {
    const operations = await readMultipartOperations(request, limits);
    const holder = { operations };
    for (const { path, upload } of findUploads(holder, isGraphQLUpload)) {
      const file = await readUpload(upload, limits.maxFileBytes);
      setAt(holder, path, new BufferedUpload(file.filename, file.mimetype, file.bytes));
    }
    return holder.operations;
  };
}

/** The subgraph request for a fetch with files: `operations` (files as null), `map`, one part per file. */
export async function encodeMultipart(payload: Record<string, unknown>): Promise<{ body: Buffer; contentType: string } | undefined> {
  const holder = { ...payload };
  const uploads = findUploads(holder, isBufferedUpload);
  if (!uploads.length) return undefined;
  const operations = JSON.parse(JSON.stringify(holder)) as Record<string, unknown>; // BufferedUpload → null
  const form = new FormData();
  form.set("operations", JSON.stringify(operations));
  form.set("map", JSON.stringify(Object.fromEntries(uploads.map(({ path }, i) => [String(i), [path]]))));
  uploads.forEach(({ upload }, i) => form.set(String(i), new Blob([new Uint8Array(upload.bytes)], { type: upload.mimetype || "application/octet-stream" }), upload.filename));
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = root as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
}
