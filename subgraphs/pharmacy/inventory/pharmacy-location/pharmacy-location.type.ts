import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A participating pharmacy (a location of the marketplace)." })
export class PharmacyLocation {
  @Field(() => ID, { description: "Pharmacy id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Short code, e.g. KLA-01." })
  code!: string;

  @Field(() => String, { description: "Pharmacy name." })
  name!: string;

  @Field(() => String, { description: "District it is in, e.g. Kampala." })
  district!: string;

  @Field(() => String, { nullable: true, description: "Street address; null when not recorded." })
  address!: string | null;

  @Field(() => String, { nullable: true, description: "Pharmacy phone; null when not recorded. Urgent messages (cold-chain excursions, silent loggers) go here when there is no alert_phone." })
  phone!: string | null;

  /** Shown by the resolver only to callers who may see it (PharmacyLocationResolver.alertPhone). */
  alertPhone!: string | null;

  @Field(() => Decimal, { description: "VAT rate applied to taxable products, as a fraction." })
  taxRate!: string;

  @Field(() => String, { description: "ISO 4217 currency code." })
  currency!: string;

  @Field(() => Boolean, { description: "Active flag of the location; recorded only, no operation checks it yet." })
  isActive!: boolean;
}

@ObjectType({ description: "A page of pharmacies, by code." })
export class PharmacyLocationPage extends PageOf(PharmacyLocation) {}

@InputType({ description: "What to change of a pharmacy; a field left out is kept. Every change is recorded (pharmacy changes)." })
export class UpdatePharmacyInput {
  @Field(() => String, { nullable: true, description: "New name (1 to 200 characters); null is 400 (a pharmacy has a name)." })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, { nullable: true, description: "New street address (1 to 500 characters); null clears it." })
  @IsOptional()
  @Length(1, 500)
  address?: string | null;

  @Field(() => String, { nullable: true, description: "The pharmacy's phone, e.g. +256414100001 or 0414 100 001 (a landline is accepted; without country code: DEFAULT_PHONE_REGION); stored in E.164; not a valid number is 400; null or empty clears it." })
  @IsOptional()
  @Length(0, 40)
  phone?: string | null;

  @Field(() => String, { nullable: true, description: "A mobile number for urgent messages (cold-chain excursions, silent loggers), e.g. the pharmacist on call: +256772000111 or 0772 000 111; stored in E.164; a landline or toll-free number is 400 (it cannot take an SMS); null or empty clears it (messages then go to phone)." })
  @IsOptional()
  @Length(0, 40)
  alertPhone?: string | null;
}

@ObjectType({ description: "One field of a pharmacy changed through the API: before, after, who and when (append-only)." })
export class PharmacyChange {
  @Field(() => ID, { description: "Change id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy." })
  pharmacyId!: string;

  @Field(() => String, { description: "The field changed: name, address, phone or alert_phone." })
  field!: string;

  @Field(() => String, { nullable: true, description: "Its value before; null when it had none." })
  previousValue!: string | null;

  @Field(() => String, { nullable: true, description: "Its value after; null when cleared." })
  value!: string | null;

  @Field(() => String, { description: "Token subject of who changed it." })
  changedBy!: string;

  @Field(() => Date, { description: "When." })
  changedAt!: Date;
}

@ObjectType({ description: "A page of pharmacy changes, newest first." })
export class PharmacyChangePage extends PageOf(PharmacyChange) {}
