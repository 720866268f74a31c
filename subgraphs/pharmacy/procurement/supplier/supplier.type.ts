import { IsEmail, IsOptional, Length, Matches } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A wholesaler or distributor the pharmacies order from (shared by every pharmacy)." })
export class Supplier {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Short unique code, e.g. SUP-NPD; purchase orders may name a supplier by it." })
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  district!: string | null;

  @Field(() => String, { nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true, description: "The wholesaler's licence number, when known." })
  licenceNumber!: string | null;

  @Field(() => Boolean, { description: "Inactive suppliers keep their history but take no new orders." })
  isActive!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class SupplierPage extends PageOf(Supplier) {}

@InputType()
export class CreateSupplierInput {
  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { description: "Unique: letters, digits, '-' and '_' (409 when taken)." })
  @Length(1, 32)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { message: "may hold only letters, digits, '-' and '_'" })
  code!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^\+?[0-9 ]{6,20}$/, { message: "must be a phone number such as +256414100001" })
  phone?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmail({}, { message: "must be an e-mail address" })
  @Length(3, 254)
  email?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 100)
  district?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 500)
  address?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  licenceNumber?: string;

  @Field(() => Boolean, { defaultValue: true })
  isActive!: boolean;
}

/** Contact details and whether the supplier takes new orders; absent fields stay as they are. The code never changes. */
@InputType()
export class UpdateSupplierInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^\+?[0-9 ]{6,20}$/, { message: "must be a phone number such as +256414100001" })
  phone?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmail({}, { message: "must be an e-mail address" })
  @Length(3, 254)
  email?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 100)
  district?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 500)
  address?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  licenceNumber?: string;

  @Field(() => Boolean, { nullable: true, description: "False: keeps its history, takes no new orders." })
  @IsOptional()
  isActive?: boolean;
}
