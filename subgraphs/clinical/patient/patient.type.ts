import { IsEmail, IsOptional, Length, Matches, MaxLength } from "class-validator";
import { Directive, Field, ID, InputType, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { KeysetPageOf } from "../../../lib/pagination.js";

/** Administrative gender (HL7 FHIR AdministrativeGender: https://hl7.org/fhir/valueset-administrative-gender.html). */
export const SEXES = ["female", "male", "other", "unknown"] as const;
export const Sex = valueEnum("Sex", SEXES, "Administrative gender (HL7 FHIR AdministrativeGender).", {
  female: "Female.",
  male: "Male.",
  other: "Other.",
  unknown: "Not known.",
});

@ObjectType({ description: "A patient, identified across the platform by the UHID." })
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID, { description: "Unique patient health identifier." })
  uhid!: string;

  @Field(() => String, { description: "Given (first) name." })
  givenName!: string;

  @Field(() => String, { description: "Family name (surname)." })
  familyName!: string;

  @Field(() => Sex, { description: "Administrative gender: female, male, other or unknown." })
  sex!: string;

  // birthDate, birthYear, phone, email and district are field resolvers (patient.fields.resolver.ts):
  // who may read them depends on the caller, and contact reads are audited.
  birthDate!: string;
  phone!: string | null;
  email!: string | null;
  district!: string | null;

  @Field(() => String, { description: "Where this record came from." })
  source!: string;
}

@ObjectType({ description: "A page of the patient registry; nextCursor continues after its last row." })
export class PatientPage extends KeysetPageOf(Patient) {
  @Field(() => String, { description: "Names the data origin of the list." })
  source!: string;
}

@InputType({ description: "A new patient for the registry." })
export class RegisterPatientInput {
  @Field(() => String, { nullable: true, description: "UHID to use; generated when omitted." })
  @IsOptional()
  @Matches(/^[A-Z0-9-]{4,32}$/, { message: "must be 4-32 upper-case letters, digits or hyphens" })
  uhid?: string;

  @Field(() => String, { description: "Given (first) name, 1-100 characters." })
  @Length(1, 100)
  givenName!: string;

  @Field(() => String, { description: "Family name (surname), 1-100 characters." })
  @Length(1, 100)
  familyName!: string;

  @Field(() => Sex, { description: "Administrative gender: female, male, other or unknown." })
  sex!: string;

  @Field(() => String, { description: "YYYY-MM-DD" })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date YYYY-MM-DD" })
  birthDate!: string;

  @Field(() => String, { nullable: true, description: "Phone number, e.g. +256700000001 or 0700 000 001 (a number without country code is of DEFAULT_PHONE_REGION); stored in E.164; not a valid number is 400." })
  @IsOptional()
  @MaxLength(40)
  phone?: string;

  @Field(() => String, { nullable: true, description: "E-mail address." })
  @IsOptional()
  @IsEmail({}, { message: "must be an e-mail address" })
  email?: string;

  @Field(() => String, { nullable: true, description: "District of residence, 1-100 characters." })
  @IsOptional()
  @Length(1, 100)
  district?: string;
}
