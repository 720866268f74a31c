import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";

@ObjectType({ description: "A suggested product, with why." })
export class ProductRecommendation {
  @Field(() => ID)
  productId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  category!: string;

  @Field(() => Decimal)
  retailPrice!: string;

  @Field(() => String, { description: "association_rule or category_best_seller." })
  source!: string;

  @Field(() => String, { description: "Plain-language reason." })
  reason!: string;

  @Field(() => Float, { nullable: true, description: "Share of sales containing the basket product and this one." })
  support!: number | null;

  @Field(() => Float, { nullable: true, description: "Share of the basket product's sales that also had this one." })
  confidence!: number | null;

  @Field(() => Float, { nullable: true, description: "Confidence relative to this product's overall share of sales (> 1: bought together more than by chance)." })
  lift!: number | null;

  @Field(() => Int, { description: "Units sold in the window (best-seller ranking)." })
  unitsSold!: number;
}

@ObjectType({ description: "Advisory product suggestions from this pharmacy's own completed sales." })
export class ProductRecommendations {
  @Field(() => [ID], { description: "The products the suggestions are for." })
  basket!: string[];

  @Field(() => Int, { description: "Completed sales analysed." })
  transactionsAnalyzed!: number;

  @Field(() => Int)
  windowDays!: number;

  @Field(() => String)
  method!: string;

  @Field(() => [ProductRecommendation])
  recommendations!: ProductRecommendation[];
}
