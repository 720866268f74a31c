import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { IsOptional, Matches, Max, Min } from "class-validator";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";
import { PaymentMethod } from "../transaction/transaction.type.js";

@ObjectType()
export class ProductSales {
  @Field(() => ID)
  productId!: string;

  @Field(() => String)
  productName!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Decimal, { description: "Sum of line totals (before VAT and discounts)." })
  revenue!: string;
}

@ObjectType()
export class PaymentMethodSales {
  @Field(() => PaymentMethod)
  paymentMethod!: string;

  @Field(() => Int)
  transactions!: number;

  @Field(() => Decimal)
  revenue!: string;
}

@ObjectType({ description: "Completed sales of one pharmacy over a date range." })
export class SalesSummary {
  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => Date)
  dateFrom!: Date;

  @Field(() => Date, { description: "Exclusive." })
  dateTo!: Date;

  @Field(() => Decimal, { description: "Sum of total_amount of completed sales." })
  revenue!: string;

  @Field(() => Int)
  transactions!: number;

  @Field(() => Decimal, { description: "revenue / transactions, rounded half-up." })
  averageBasket!: string;

  @Field(() => Int)
  itemsSold!: number;

  @Field(() => Decimal)
  taxCollected!: string;

  @Field(() => Decimal)
  discountsGiven!: string;

  @Field(() => [ProductSales], { description: "By revenue, highest first." })
  topProducts!: ProductSales[];

  @Field(() => [PaymentMethodSales])
  byPaymentMethod!: PaymentMethodSales[];
}

@ObjectType({ description: "Two products bought together: support, confidence both ways, lift." })
export class BasketPairStats {
  @Field(() => ID)
  productAId!: string;

  @Field(() => String)
  productAName!: string;

  @Field(() => ID)
  productBId!: string;

  @Field(() => String)
  productBName!: string;

  @Field(() => Int, { description: "Sales containing both." })
  count!: number;

  @Field(() => Float)
  support!: number;

  @Field(() => Float, { description: "P(B | A)." })
  confidenceAToB!: number;

  @Field(() => Float, { description: "P(A | B)." })
  confidenceBToA!: number;

  @Field(() => Float)
  lift!: number;
}

@ObjectType()
export class BasketAnalysis {
  @Field(() => Date)
  dateFrom!: Date;

  @Field(() => Date)
  dateTo!: Date;

  @Field(() => Int)
  transactionsAnalyzed!: number;

  @Field(() => Int, { description: "Pairs bought together fewer times are left out." })
  minCount!: number;

  @Field(() => [BasketPairStats], { description: "Strongest lift first." })
  pairs!: BasketPairStats[];
}

@ObjectType()
export class ForecastPoint {
  @Field(() => String, { description: "Business date (Africa/Kampala), yyyy-mm-dd." })
  date!: string;

  @Field(() => Float, { description: "Expected units sold." })
  quantity!: number;
}

@ObjectType({ description: "Fitted parameters of Holt's linear smoothing." })
export class ForecastParameters {
  @Field(() => Float)
  alpha!: number;

  @Field(() => Float)
  beta!: number;

  @Field(() => Float)
  level!: number;

  @Field(() => Float)
  trend!: number;

  @Field(() => Float, { description: "Sum of squared one-step-ahead errors." })
  sse!: number;
}

@ObjectType({ description: "A persisted per-product demand forecast from daily sales." })
export class SalesForecast {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID)
  productId!: string;

  @Field(() => String)
  method!: string;

  @Field(() => ForecastParameters)
  parameters!: ForecastParameters;

  @Field(() => String, { description: "First day of the history used." })
  historyFrom!: string;

  @Field(() => String, { description: "Last day of the history used." })
  historyTo!: string;

  @Field(() => Int)
  horizonDays!: number;

  @Field(() => [ForecastPoint])
  forecast!: ForecastPoint[];

  @Field(() => String)
  madeBy!: string;

  @Field(() => Date)
  madeAt!: Date;
}

@ObjectType()
export class SalesForecastPage extends PageOf(SalesForecast) {}

@InputType()
export class CreateForecastInput {
  @Field(() => [ID], { nullable: true, description: "Products to forecast; default every product sold in the history window." })
  @IsOptional()
  productIds?: string[];

  @Field(() => Int, { defaultValue: 7 })
  @Min(1, { message: "must be at least 1" })
  @Max(90, { message: "must be at most 90" })
  horizonDays!: number;

  @Field(() => String, { nullable: true, description: "Last business day (yyyy-mm-dd) of the history; default yesterday (today is not over)." })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date such as 2026-11-21" })
  historyEnd?: string;

  @Field(() => Int, { defaultValue: 56, description: "Days of daily sales the model is fitted on, ending with history_end." })
  @Min(7, { message: "must be at least 7" })
  @Max(730, { message: "must be at most 730" })
  historyDays!: number;

  @Field(() => Float, { nullable: true, description: "Level smoothing 0 < α < 1; chosen by least squares when omitted." })
  @IsOptional()
  alpha?: number;

  @Field(() => Float, { nullable: true, description: "Trend smoothing 0 < β < 1; chosen with α when omitted." })
  @IsOptional()
  beta?: number;

  @Field(() => ID, { nullable: true, description: "For callers not bound to a pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
