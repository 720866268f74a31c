import { Field, InputType, Int, ObjectType } from "type-graphql";
import type { FieldErrorCollector } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import type { AttachmentRef } from "../tables.js";

/**
 * Attachments are references to files kept elsewhere (a URL or a document id of the digitization
 * service): uploads through the gateway come later (docs/decisions/pharmacy.md, "Quality management").
 */
export const MAX_ATTACHMENTS = 20;
/** 25 MiB: a phone photo or a scanned multi-page PDF fits; a video does not. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Evidence an incident carries: photos, scans, documents and exported logs (temperature loggers write CSV). */
export const ATTACHMENT_CONTENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "text/plain",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
] as const;

@ObjectType({ description: "A file kept with an incident, by reference." })
export class Attachment {
  @Field(() => String, { description: "The file's name (no path)." })
  fileName!: string;

  @Field(() => String, { description: "Media type, in lower case." })
  contentType!: string;

  @Field(() => Int, { description: "Size of the file in bytes." })
  sizeBytes!: number;

  @Field(() => String, { description: "SHA-256 of the file's bytes, 64 lower-case hex digits." })
  sha256!: string;

  @Field(() => String, { nullable: true, description: "Where the file is (https)." })
  url!: string | null;

  @Field(() => String, { nullable: true, description: "Or the id of a digitized document." })
  documentId!: string | null;
}

@InputType({ description: "A file reference: exactly one of url (https) or document_id." })
export class AttachmentInput {
  @Field(() => String, { description: "The file's name, not a path (1 to 255 characters)." })
  fileName!: string;

  @Field(() => String, { description: `One of: ${ATTACHMENT_CONTENT_TYPES.join(", ")}.` })
  contentType!: string;

  @Field(() => Int, { description: `1 to ${MAX_ATTACHMENT_BYTES} bytes.` })
  sizeBytes!: number;

  @Field(() => String, { description: "SHA-256 of the file, 64 hex digits." })
  sha256!: string;

  @Field(() => String, { nullable: true, description: "An https URL where the file is (at most 2,000 characters); give this or documentId." })
  url?: string | null;

  @Field(() => String, { nullable: true, description: "The id (UUID) of a digitized document; give this or url." })
  documentId?: string | null;
}

/** Checks every attachment and reports each problem under `attachments.N.<field>`; returns the normalized references. */
export function checkAttachments(input: AttachmentInput[], errors: FieldErrorCollector): AttachmentRef[] {
  if (input.length > MAX_ATTACHMENTS) errors.add("attachments", `must hold at most ${MAX_ATTACHMENTS} files`);
  const seen = new Map<string, number>();
  return input.map((a, i) => {
    const at = (field: string, message: string) => errors.add(`attachments.${i}.${field}`, message);
    const name = a.fileName.trim();
    if (!name || name.length > 255) at("fileName", "must be 1 to 255 characters");
    else if (/[\\/\u0000-\u001f]/.test(name) || name === "." || name === "..") at("fileName", "must be a file name, not a path");
    const contentType = a.contentType.trim().toLowerCase();
    if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(contentType)) at("contentType", `must be one of ${ATTACHMENT_CONTENT_TYPES.join(", ")}`);
    if (!Number.isInteger(a.sizeBytes) || a.sizeBytes < 1 || a.sizeBytes > MAX_ATTACHMENT_BYTES) at("sizeBytes", `must be an integer from 1 to ${MAX_ATTACHMENT_BYTES}`);
    const sha256 = a.sha256.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) at("sha256", "must be a SHA-256 digest: 64 hexadecimal digits");
    else if (seen.has(sha256)) at("sha256", `is the same file as attachment ${seen.get(sha256)}`);
    else seen.set(sha256, i);
    const url = a.url?.trim() || null;
    const documentId = a.documentId?.trim() || null;
    if (!url === !documentId) at(url ? "documentId" : "url", "give exactly one of url or document_id");
    if (url) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        /* reported below */
      }
      if (!parsed || parsed.protocol !== "https:" || url.length > 2000) at("url", "must be an https URL of at most 2000 characters");
    }
    if (documentId && !isUuid(documentId)) at("documentId", "must be a document id (UUID)");
    return { fileName: name, contentType, sizeBytes: a.sizeBytes, sha256, url, documentId };
  });
}
