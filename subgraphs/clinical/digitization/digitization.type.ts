import { GraphQLUpload } from "graphql-upload-minimal";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeScalar, JSONObjectScalar } from "../../../lib/federation.js";
import { valueEnum } from "../../../lib/enums.js";
import { DOCUMENT_CLASSES, type DocumentClass } from "./classification.js";

export const DocumentType = valueEnum("DocumentType", DOCUMENT_CLASSES, "Kind of clinical document (spec: document_type; classification.type).", {
  lab_report: "Laboratory report.",
  prescription: "Prescription.",
  discharge_summary: "Discharge summary.",
  referral: "Referral letter.",
  radiology_report: "Radiology report.",
  invoice: "Invoice.",
  other: "Any other clinical document.",
});

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

@ObjectType({ description: "What kind of document the content shows (project rules in knowledge/document-classes.json, not a validated classifier)." })
export class DocumentClassification {
  @Field(() => DocumentType, { description: "The class the content supports best." })
  type!: DocumentClass;

  @Field(() => Float, { description: "0–1: the winning score over all scores plus one (knowledge/document-classes.json)." })
  confidence!: number;

  @Field(() => String, { description: "The class's name in words, e.g. Laboratory report." })
  display!: string;

  @Field(() => DocumentType, { description: "The documentType the sender gave." })
  declaredType!: DocumentClass;

  @Field(() => Boolean, { description: "True when the content's class is the declared one." })
  agreesWithDeclared!: boolean;

  @Field(() => [String], { description: "The phrases (and lab result lines) that decided." })
  signals!: string[];
}

@ObjectType({ description: "The document's text and how it was read." })
export class OcrResult {
  @Field(() => String, { description: "The text read from the document (pages separated by a blank line)." })
  text!: string;

  @Field(() => Float, { description: "1 for a PDF text layer; Tesseract's mean word confidence (0–1) for OCR'd pages." })
  confidence!: number;

  @Field(() => String, { description: "text_layer, ocr or text_layer+ocr." })
  method!: string;

  @Field(() => Int, { description: "Pages in the document (a scan's pages beyond the OCR limit are counted but not read)." })
  pageCount!: number;

  @Field(() => [Int], { description: "Pages whose text was read (1-based)." })
  pagesRead!: number[];
}

@ObjectType({ description: "A lab result line of the document." })
export class DigitizedLabTest {
  @Field(() => String, { description: "Test name as written." })
  name!: string;

  @Field(() => Float, { description: "The result as a number, in unit; for an ordinal result (valueText set) the rank of its grade on its scale (Negative 0, Trace 0.5, 1+ 1 ... 4+ 4; not seen 0, few 1, moderate 2, many 3; negative 0, positive 1; AFB smear scanty 0.5; antimicrobial susceptibility Susceptible 0, Intermediate 1, Resistant 2), not a quantity." })
  value!: number;

  @Field(() => String, { nullable: true, description: 'An ordinal (semi-quantitative) result\'s grade: "Negative", "Trace", "2+", "Few", "Positive", "Not detected", "Scanty (5 AFB/100 fields)"; an antimicrobial susceptibility\'s category (one result per antibiotic and isolate): "Susceptible", "Intermediate", "Resistant"; a titre "1:160"; null for a numeric result.' })
  valueText?: string | null;

  @Field(() => String, { nullable: true, description: 'A censored result ("<40 copies/mL", "eGFR >90"): value is the limit printed and the true result lies beyond it on this side (FHIR Quantity.comparator: <, <=, >, >=); null for an exact value.' })
  comparator?: string | null;

  @Field(() => Float, { nullable: true, description: 'A count per microscope field printed as a range ("Pus cells 8-10/hpf"): its upper end, value being its lower end (FHIR Range); null for a single value.' })
  valueHigh?: number | null;

  @Field(() => String, { nullable: true, description: "For a flow sheet (tests as rows, dates as columns), the date of this value's column, ISO 8601 (yyyy-mm-dd); null when the document gives each result no date of its own." })
  collectedOn?: string | null;

  @Field(() => String, { nullable: true, description: "Unit as written; null when the line has none." })
  unit!: string | null;

  @Field(() => String, { nullable: true, description: 'Reference range as written ("12.0-16.0", "<5.7").' })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "HL7 v2 Table 0078: N, L, H, LL, HH, A." })
  abnormalFlag!: string | null;

  @Field(() => String, { nullable: true, description: "document (the report's own flag) or reference_range (computed from it)." })
  flagSource!: string | null;

  @Field(() => String, { nullable: true, description: "LOINC code when the shipped vocabulary knows the name; never guessed." })
  loincCode!: string | null;

  @Field(() => String, { nullable: true, description: "The LOINC name of loincCode; null when there is no code." })
  loincDisplay!: string | null;
}

@ObjectType({ description: "A result in words only, without a number or a grade (the organism a culture grew, no growth, a Gram stain, a malaria species, a blood group, a crossmatch, an appearance): listed beside tests, whose value is a number." })
export class DigitizedFinding {
  @Field(() => String, { description: 'The label as printed ("Organism isolated", "Blood group", "Culture"); "Crossmatch (unit <number>)" for a crossmatch row.' })
  name!: string;

  @Field(() => String, { description: 'The result as printed, spacing normalised ("Heavy growth of Staphylococcus aureus", "No growth after 48 hours", "O Rh D positive", "Compatible", "Turbid").' })
  valueText!: string;

  @Field(() => String, { description: "organism, no_growth, gram_stain, morphology, species, blood_group, crossmatch, appearance or other (a microscopy finding in words)." })
  kind!: string;

  @Field(() => String, { nullable: true, description: 'The normal the report prints beside it ("Not seen", "Formed"); null when none.' })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "HL7 v2 Table 0078: A when the result differs from the printed normal, N when it is it; null without a printed normal." })
  abnormalFlag!: string | null;

  @Field(() => String, { nullable: true, description: 'The specimen named above it ("Mid-stream urine", "Pus swab (wound)"); null when the report names none.' })
  specimen!: string | null;

  @Field(() => String, { nullable: true, description: 'The section heading above it ("MICROBIOLOGY SECTION", "STOOL ANALYSIS"); null when none.' })
  section!: string | null;

  @Field(() => Int, { nullable: true, description: "An organism's isolate number when the report numbers isolates (Isolate 2); null otherwise." })
  isolate!: number | null;
}

@ObjectType({ description: "A clinical entity found in the text by the entity extraction engine (present, possible or historical)." })
export class DigitizedEntity {
  @Field(() => String, { description: "diagnosis, symptom, medication, procedure or lab_test." })
  type!: string;

  @Field(() => String, { description: "The words as written in the document." })
  text!: string;

  @Field(() => String, { nullable: true, description: "Code in system; null when the vocabulary has no confirmed code for the term." })
  code!: string | null;

  @Field(() => String, { description: "ICD-10, SNOMED-CT, RxNorm or LOINC." })
  system!: string;

  @Field(() => String, { description: "The vocabulary's name for the concept." })
  display!: string;

  @Field(() => String, { description: "present, possible or historical." })
  assertion!: string;
}

@ObjectType({ description: "What was extracted from the text." })
export class DigitizedExtractedData {
  @Field(() => [DigitizedLabTest], { description: "Lab result lines: a test name, a number, and a unit or a reference range (a censored value such as <40 is its limit with a comparator)." })
  tests!: DigitizedLabTest[];

  @Field(() => [DigitizedFinding], { description: "Results in words only (organism, no growth, Gram stain, species, blood group, crossmatch, appearance, microscopy findings), which tests (numeric values) cannot hold; each is also a FHIR Observation with valueString." })
  findings!: DigitizedFinding[];

  @Field(() => [DigitizedEntity], { description: "Clinical entities in the text (the first 50,000 characters)." })
  entities!: DigitizedEntity[];
}

@ObjectType({ description: "The stored original." })
export class DigitizedFile {
  @Field(() => String, { nullable: true, description: "File name as uploaded; null when none was given." })
  filename!: string | null;

  @Field(() => String, { description: "From the file's first bytes, not the declared type." })
  contentType!: string;

  @Field(() => Int, { description: "Size of the file in bytes." })
  sizeBytes!: number;

  @Field(() => String, { description: "SHA-256 of the file, hex." })
  sha256!: string;
}

@ObjectType({ description: "Digitized document result (spec), with the stored record's details." })
export class DigitizedDocument {
  @Field(() => ID, { description: "Id of the stored document (UUID)." })
  documentId!: string;

  @Field(() => String, { nullable: true, description: "UHID of the patient it belongs to; null when none was given." })
  patientUhid!: string | null;

  @Field(() => ID, { nullable: true, description: "The encounter it belongs to; null when none was given." })
  encounterId!: string | null;

  @Field(() => DocumentClassification, { description: "The class the content supports, against the declared type." })
  classification!: DocumentClassification;

  @Field(() => OcrResult, { description: "The text read from the document." })
  ocrResult!: OcrResult;

  @Field(() => DigitizedExtractedData, { description: "Lab result lines and clinical entities found in the text." })
  extractedData!: DigitizedExtractedData;

  @Field(() => [JSONObjectScalar], { description: "FHIR R4 resources: DocumentReference, and for lab and radiology reports a DiagnosticReport with its Observations." })
  fhirResources!: Record<string, unknown>[];

  @Field(() => JSONObjectScalar, { description: "The same resources as a FHIR R4 collection Bundle (references between them are urn:uuid)." })
  fhirBundle!: Record<string, unknown>;

  @Field(() => DigitizedFile, { description: "The stored original: name, content type, size and SHA-256." })
  file!: DigitizedFile;

  @Field(() => [String], { description: "What could not be done or needs checking (no text found, pages not read, LOINC codes withheld, ...)." })
  warnings!: string[];

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;

  @Field(() => DateTimeScalar, { description: "When the document was stored." })
  createdAt!: Date;

  @Field(() => Int, { nullable: true, description: "Time spent on this request (null when read back)." })
  processingTimeMs!: number | null;

  /** Resolved only when asked for (DigitizationResolver.contentBase64). */
  content?: Buffer;
}
