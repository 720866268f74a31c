import { GraphQLUpload } from "graphql-upload-minimal";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeScalar, JSONObjectScalar } from "../../../lib/federation.js";
import { valueEnum } from "../../../lib/enums.js";
import { DOCUMENT_CLASSES, type DocumentClass } from "./classification.js";

export const DocumentType = valueEnum("DocumentType", DOCUMENT_CLASSES, "Kind of clinical document (spec: document_type; classification.type).");

/** What the Upload scalar hands a resolver (graphql-upload-minimal). */
export type UploadValue = Promise<{ filename: string; mimetype: string; createReadStream(): NodeJS.ReadableStream }>;

@InputType({ description: "Document digitization request (spec: multipart/form-data with document and document_type)." })
export class DocumentDigitizationInput {
  @Field(() => GraphQLUpload, { description: "The document: PDF (with or without a text layer), PNG, JPEG or TIFF; at most DIGITIZATION_MAX_BYTES (10 MiB by default)." })
  document!: UploadValue;

  @Field(() => DocumentType, { description: "What the sender says the document is; the classifier weighs it but reads the content." })
  documentType!: DocumentClass;

  @Field(() => String, { nullable: true, description: "Patient the document belongs to (unknown UHID → 404); the FHIR resources then reference Patient/<uhid>." })
  uhid?: string | null;

  @Field(() => ID, { nullable: true, description: "Encounter the document belongs to (a stored encounter, of the same patient)." })
  encounterId?: string | null;
}

@ObjectType()
export class DocumentClassification {
  @Field(() => DocumentType, { description: "The class the content supports best." })
  type!: DocumentClass;

  @Field(() => Float, { description: "0–1: the winning score over all scores plus one (knowledge/document-classes.json)." })
  confidence!: number;

  @Field(() => String)
  display!: string;

  @Field(() => DocumentType)
  declaredType!: DocumentClass;

  @Field(() => Boolean)
  agreesWithDeclared!: boolean;

  @Field(() => [String], { description: "The phrases (and lab result lines) that decided." })
  signals!: string[];
}

@ObjectType()
export class OcrResult {
  @Field(() => String, { description: "The text read from the document (pages separated by a blank line)." })
  text!: string;

  @Field(() => Float, { description: "1 for a PDF text layer; Tesseract's mean word confidence (0–1) for OCR'd pages." })
  confidence!: number;

  @Field(() => String, { description: "text_layer, ocr or text_layer+ocr." })
  method!: string;

  @Field(() => Int)
  pageCount!: number;

  @Field(() => [Int], { description: "Pages whose text was read (1-based)." })
  pagesRead!: number[];
}

@ObjectType({ description: "A lab result line of the document." })
export class DigitizedLabTest {
  @Field(() => String, { description: "Test name as written." })
  name!: string;

  @Field(() => Float)
  value!: number;

  @Field(() => String, { nullable: true })
  unit!: string | null;

  @Field(() => String, { nullable: true, description: 'Reference range as written ("12.0-16.0", "<5.7").' })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "HL7 v2 Table 0078: N, L, H, LL, HH, A." })
  abnormalFlag!: string | null;

  @Field(() => String, { nullable: true, description: "document (the report's own flag) or reference_range (computed from it)." })
  flagSource!: string | null;

  @Field(() => String, { nullable: true, description: "LOINC code when the shipped vocabulary knows the name; never guessed." })
  loincCode!: string | null;

  @Field(() => String, { nullable: true })
  loincDisplay!: string | null;
}

@ObjectType({ description: "A clinical entity found in the text by the entity extraction engine (present, possible or historical)." })
export class DigitizedEntity {
  @Field(() => String, { description: "diagnosis, symptom, medication, procedure or lab_test." })
  type!: string;

  @Field(() => String)
  text!: string;

  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String)
  system!: string;

  @Field(() => String)
  display!: string;

  @Field(() => String)
  assertion!: string;
}

@ObjectType()
export class DigitizedExtractedData {
  @Field(() => [DigitizedLabTest])
  tests!: DigitizedLabTest[];

  @Field(() => [DigitizedEntity])
  entities!: DigitizedEntity[];
}

@ObjectType({ description: "The stored original." })
export class DigitizedFile {
  @Field(() => String, { nullable: true })
  filename!: string | null;

  @Field(() => String, { description: "From the file's first bytes, not the declared type." })
  contentType!: string;

  @Field(() => Int)
  sizeBytes!: number;

  @Field(() => String, { description: "SHA-256 of the file, hex." })
  sha256!: string;
}

@ObjectType({ description: "Digitized document result (spec), with the stored record's details." })
export class DigitizedDocument {
  @Field(() => ID)
  documentId!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => ID, { nullable: true })
  encounterId!: string | null;

  @Field(() => DocumentClassification)
  classification!: DocumentClassification;

  @Field(() => OcrResult)
  ocrResult!: OcrResult;

  @Field(() => DigitizedExtractedData)
  extractedData!: DigitizedExtractedData;

  @Field(() => [JSONObjectScalar], { description: "FHIR R4 resources: DocumentReference, and for lab and radiology reports a DiagnosticReport with its Observations." })
  fhirResources!: Record<string, unknown>[];

  @Field(() => JSONObjectScalar, { description: "The same resources as a FHIR R4 collection Bundle (references between them are urn:uuid)." })
  fhirBundle!: Record<string, unknown>;

  @Field(() => DigitizedFile)
  file!: DigitizedFile;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;

  @Field(() => DateTimeScalar)
  createdAt!: Date;

  @Field(() => Int, { nullable: true, description: "Time spent on this request (null when read back)." })
  processingTimeMs!: number | null;

  /** Resolved only when asked for (DigitizationResolver.contentBase64). */
  content?: Buffer;
}
