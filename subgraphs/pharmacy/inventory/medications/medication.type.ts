import { Field, Float, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A medicine of the pharmacy's catalog (reference data with a source per fact)." })
export class Medication {
  @Field(() => String, { description: "The medication_code used everywhere: RxNorm ingredient RxCUI when confirmed, else a local: code." })
  code!: string;

  @Field(() => String, { nullable: true, description: "RxNorm ingredient RxCUI (only from a published list; null when unconfirmed)." })
  rxcui!: string | null;

  @Field(() => String, { description: "RxNorm or local." })
  codeSystem!: string;

  @Field(() => String, { description: "Generic (international non-proprietary) name, e.g. Warfarin." })
  genericName!: string;

  @Field(() => [String], { description: "Other names it is searched by (older or regional names, abbreviations, brand names); may be empty." })
  synonyms!: string[];

  @Field(() => String, { description: "Dosage form of the stocked presentation." })
  dosageForm!: string;

  @Field(() => String, { description: "Strength of the stocked presentation, e.g. 5 mg." })
  strength!: string;

  @Field(() => String, { description: "WHO ATC code." })
  atcCode!: string;

  @Field(() => String, { description: "Name of the ATC class, e.g. Vitamin K antagonists." })
  atcClass!: string;

  @Field(() => String, { description: "Where the ATC code comes from." })
  atcSource!: string;

  @Field(() => Boolean, { description: "Whether it is a controlled medicine: dispensed only against a prescription, entered in the controlled register, never sold over the counter." })
  controlled!: boolean;

  @Field(() => String, { nullable: true, description: "1961-I, 1961-II (UN Single Convention), 1971-IV (UN 1971 Convention) or platform (platform policy)." })
  schedule!: string | null;

  @Field(() => String, { nullable: true, description: "Where the schedule comes from; null when not controlled." })
  scheduleSource!: string | null;

  @Field(() => Int, { nullable: true, description: "Most units one prescription may order (controlled medicines)." })
  maxQuantityPerPrescription!: number | null;

  @Field(() => Boolean, { description: "A second member of staff must witness each controlled-register entry." })
  witnessRequired!: boolean;

  @Field(() => String, { nullable: true, description: "Where the per-prescription limit and witness rule come from (platform policy); null when not controlled." })
  limitSource!: string | null;

  @Field(() => Boolean, { description: "Must be kept in the cold chain." })
  coldChain!: boolean;

  @Field(() => Float, { nullable: true, description: "Lowest storage temperature, °C." })
  storageMinC!: number | null;

  @Field(() => Float, { nullable: true, description: "Highest storage temperature, °C." })
  storageMaxC!: number | null;

  @Field(() => String, { nullable: true, description: "Where the storage range comes from; null when it has none." })
  storageSource!: string | null;

  @Field(() => Boolean, { nullable: true, description: "On the WHO Model List of Essential Medicines 2023 (23rd list); null when unconfirmed." })
  whoEml2023!: boolean | null;

  @Field(() => String, { description: "Where whoEml2023 comes from." })
  whoEmlSource!: string;

  @Field(() => String, { nullable: true, description: "Uganda EMHSLU level when sourced; null otherwise." })
  emhslu!: string | null;

  @Field(() => String, { description: "Source of the code." })
  source!: string;

  @Field(() => String, { description: "Version of the catalog file." })
  catalogVersion!: string;
}

@ObjectType({ description: "A page of catalog medicines, by generic name." })
export class MedicationPage extends PageOf(Medication) {}
