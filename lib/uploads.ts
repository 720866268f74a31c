import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { GraphQLError } from "graphql";
import { processRequest, Upload } from "graphql-upload-minimal";
import { ErrorCode } from "./errors.js";

/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec), read
 * with graphql-upload-minimal at both ends: the gateway buffers each file and forwards it to the
 * subgraph as a new multipart request (gateway/plugins/uploads.ts); the subgraph hands `Upload`
 * values to its resolvers through the `Upload` scalar.
 */

/** Headers that make a browser preflight a request (Apollo's CSRF prevention); multipart requests must carry one. */
export const PREFLIGHT_HEADERS = ["apollo-require-preflight", "x-apollo-operation-name"] as const;

export const isMultipart = (contentType: string | null | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? "");

export interface MultipartLimits {
  /** Largest file (bytes); a larger one is 413 PAYLOAD_TOO_LARGE. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
}

/**
 * Parses a multipart GraphQL request into its operation(s), with an `Upload` (graphql-upload-minimal)
 * wherever the map places a file. Files stream on after this resolves: the resolver reads them.
 * Malformed requests are 400 BAD_REQUEST, too many or too large files 413 PAYLOAD_TOO_LARGE.
 */
export async function readMultipartOperations(request: Request, limits: MultipartLimits): Promise<unknown> {
  if (!request.body) throw multipartError(400, "Multipart request without a body");
  const stream = Object.assign(Readable.fromWeb(request.body as unknown as NodeWebReadableStream), {
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  });
  try {
    // busboy marks a file that reaches its fileSize limit as truncated, even one of exactly that size:
    // allow one byte more so a file of exactly maxFileBytes passes, and readUpload refuses anything larger.
    return await processRequest(stream as never, undefined as never, { maxFileSize: limits.maxFileBytes + 1, maxFiles: limits.maxFiles });
  } catch (err) {
    throw multipartError((err as { status?: number }).status ?? 400, (err as Error).message);
  }
}

/**
 * Reads one uploaded file to the end, at most `maxBytes` (busboy truncates a larger file and marks
 * the stream: that is 413). The file arrives as a stream; OCR and hashing need it whole, and the
 * limit keeps it small enough to hold.
 */
export async function readUpload(upload: Promise<{ createReadStream(): NodeJS.ReadableStream }> | Upload, maxBytes: number): Promise<{ filename: string; mimetype: string; bytes: Buffer }> {
  const tooLarge = () =>
    new GraphQLError(`The file is larger than ${maxBytes} bytes`, {
      extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE, fields: { document: [`must be at most ${maxBytes} bytes`] }, http: { status: 413 } },
    });
  const chunks: Buffer[] = [];
  let size = 0;
  let file: { filename: string; mimetype: string; createReadStream(): Readable & { truncated?: boolean } };
  let stream: Readable & { truncated?: boolean };
  try {
    file = (await (upload instanceof Upload ? upload.promise : upload)) as unknown as typeof file;
    // graphql-upload-minimal throws its own 413 here when busboy already cut the file at the limit.
    stream = file.createReadStream();
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) break;
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 413) throw tooLarge();
    throw multipartError(status ?? 400, (err as Error).message);
  }
  if (size > maxBytes || stream.truncated) {
    stream.resume();
    throw tooLarge();
  }
  return { filename: file.filename, mimetype: file.mimetype, bytes: Buffer.concat(chunks, size) };
}

/** Every `Upload` in a parsed operation, with its path (`variables.input.document`). */
export function findUploads<T>(value: unknown, isUpload: (v: unknown) => v is T, path = ""): { path: string; upload: T }[] {
  if (isUpload(value)) return [{ path, upload: value }];
  const found: { path: string; upload: T }[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...findUploads(v, isUpload, join(path, String(i)))));
  else if (value && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [k, v] of Object.entries(value)) found.push(...findUploads(v, isUpload, join(path, k)));
  }
  return found;
}

export const isGraphQLUpload = (v: unknown): v is Upload => v instanceof Upload;

function multipartError(status: number, message: string): GraphQLError {
  const code = status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : "BAD_REQUEST";
  return new GraphQLError(message, { extensions: { code, http: { status: status === 413 ? 413 : 400 } } });
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
