import { Field, ID, ObjectType } from "type-graphql";
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

  @Field(() => String, { nullable: true, description: "Pharmacy phone; null when not recorded." })
  phone!: string | null;

  @Field(() => Decimal, { description: "VAT rate applied to taxable products, as a fraction." })
  taxRate!: string;

  @Field(() => String, { description: "ISO 4217 currency code." })
  currency!: string;

  @Field(() => Boolean, { description: "Active flag of the location; recorded only, no operation checks it yet." })
  isActive!: boolean;
}

@ObjectType({ description: "A page of pharmacies, by code." })
export class PharmacyLocationPage extends PageOf(PharmacyLocation) {}
