/**
 * What a document really is, from its first bytes (its "magic number"), not from the file name or
 * the declared content type, which a client sets as it likes.
 * Signatures: PDF 32000-1:2008 §7.5.2 (`%PDF-`); PNG (ISO/IEC 15948, 8-byte signature); JPEG
 * (JFIF/Exif SOI marker FF D8 FF); TIFF 6.0 §2 (`II*\0` little-endian, `MM\0*` big-endian).
 */
export type DocumentFormat = "pdf" | "png" | "jpeg" | "tiff";

export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The format of a document, or null when it is none of the supported ones. */
export function sniffDocumentFormat(bytes: Uint8Array): DocumentFormat | null {
  // A PDF may carry a few bytes of junk before its header; readers look in the first 1024 bytes.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.startsWith("%PDF-") || head.indexOf("%PDF-") > -1) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  return null;
}
