import { IsEmail, IsOptional, Length, Matches } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A wholesaler or distributor the pharmacies order from (shared by every pharmacy)." })
export class Supplier {
  @Field(() => ID, { description: "Supplier id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Short unique code, e.g. SUP-NPD; purchase orders may name a supplier by it." })
  code!: string;

  @Field(() => String, { description: "Supplier name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "Phone number in E.164 (+256414100001); null when not recorded." })
  phone!: string | null;

  @Field(() => String, { nullable: true, description: "E-mail address; null when not recorded." })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "District, e.g. Kampala; null when not recorded." })
  district!: string | null;

  @Field(() => String, { nullable: true, description: "Postal or street address; null when not recorded." })
  address!: string | null;

  @Field(() => String, { nullable: true, description: "The wholesaler's licence number, when known." })
  licenceNumber!: string | null;

  @Field(() => Boolean, { description: "Inactive suppliers keep their history but take no new orders." })
  isActive!: boolean;

  @Field(() => Date, { description: "When the supplier was added." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of suppliers, by name." })
export class SupplierPage extends PageOf(Supplier) {}

@InputType({ description: "A supplier to add (shared by every pharmacy)." })
export class CreateSupplierInput {
  @Field(() => String, { description: "Supplier name (1 to 200 characters)." })
  @Length(1, 200)
  name!: string;

  @Field(() => String, { description: "Unique: letters, digits, '-' and '_' (409 when taken)." })
  @Length(1, 32)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { message: "may hold only letters, digits, '-' and '_'" })
  code!: string;

  @Field(() => String, { nullable: true, description: "Phone number: 6 to 20 digits or spaces, an optional leading +; stored in E.164 (a number without country code is read in DEFAULT_PHONE_REGION)." })
  @IsOptional()
  @Matches(/^\+?[0-9 ]{6,20}$/, { message: "must be a phone number such as +256414100001" })
  phone?: string;

  @Field(() => String, { nullable: true, description: "E-mail address (3 to 254 characters)." })
  @IsOptional()
  @IsEmail({}, { message: "must be an e-mail address" })
  @Length(3, 254)
  email?: string;

  @Field(() => String, { nullable: true, description: "District (1 to 100 characters)." })
  @IsOptional()
  @Length(1, 100)
  district?: string;

  @Field(() => String, { nullable: true, description: "Address (1 to 500 characters)." })
  @IsOptional()
  @Length(1, 500)
  address?: string;

  @Field(() => String, { nullable: true, description: "The wholesaler's licence number (1 to 64 characters)." })
  @IsOptional()
  @Length(1, 64)
  licenceNumber?: string;

  @Field(() => Boolean, { defaultValue: true, description: "Whether it takes new orders (default true)." })
  isActive!: boolean;
}

/** Contact details and whether the supplier takes new orders; absent fields stay as they are. The code never changes. */
@InputType({ description: "Contact details and whether the supplier takes new orders; absent fields stay as they are. The code never changes." })
export class UpdateSupplierInput {
  @Field(() => String, { nullable: true, description: "New name (1 to 200 characters)." })
  @IsOptional()
  @Length(1, 200)
  name?: string;

  @Field(() => String, { nullable: true, description: "New phone number: 6 to 20 digits or spaces, an optional leading +; stored in E.164." })
  @IsOptional()
  @Matches(/^\+?[0-9 ]{6,20}$/, { message: "must be a phone number such as +256414100001" })
  phone?: string;

  @Field(() => String, { nullable: true, description: "New e-mail address (3 to 254 characters)." })
  @IsOptional()
  @IsEmail({}, { message: "must be an e-mail address" })
  @Length(3, 254)
  email?: string;

  @Field(() => String, { nullable: true, description: "New district (1 to 100 characters)." })
  @IsOptional()
  @Length(1, 100)
  district?: string;

  @Field(() => String, { nullable: true, description: "New address (1 to 500 characters)." })
  @IsOptional()
  @Length(1, 500)
  address?: string;

  @Field(() => String, { nullable: true, description: "New licence number (1 to 64 characters)." })
  @IsOptional()
  @Length(1, 64)
  licenceNumber?: string;

  @Field(() => Boolean, { nullable: true, description: "False: keeps its history, takes no new orders." })
  @IsOptional()
  isActive?: boolean;
}
