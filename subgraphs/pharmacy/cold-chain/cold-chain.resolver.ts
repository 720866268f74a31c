import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { closeExcursion, getExcursion, listExcursions } from "./excursion.service.js";
import { CloseExcursionInput, ColdChainExcursion, ColdChainExcursionPage, ExcursionStatus } from "./excursion.type.js";
import { listColdChainProducts } from "./product.service.js";
import { ColdChainProductPage } from "./product.type.js";
import { listReadings, recordReadings } from "./reading.service.js";
import { ReadingIngestResult, RecordTemperatureReadingsInput, TemperatureReadingPage } from "./reading.type.js";
import { createStorageUnit, getStorageUnit, listStorageUnits, updateStorageUnit } from "./storage-unit.service.js";
import { CreateStorageUnitInput, StorageUnit, StorageUnitKind, StorageUnitPage, UpdateStorageUnitInput } from "./storage-unit.type.js";
import { createTransport, getTransport, listTransports } from "./transport.service.js";
import { ColdChainTransport, ColdChainTransportPage, CreateTransportInput } from "./transport.type.js";

@Resolver(() => StorageUnit)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class StorageUnitResolver {
  @Authorized("cold-chain:read")
  @Query(() => StorageUnitPage, { description: "Cold-chain storage units by name, with their latest reading and whether their logger is silent (filters: pharmacy, kind, is_active, search, silent)." })
  storageUnits(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's units; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("kind", () => StorageUnitKind, { nullable: true, description: "Only units of this kind." }) kind: string | null,
    @Arg("isActive", () => Boolean, { nullable: true, description: "Only units in use (true) or not (false)." }) isActive: boolean | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the name, logger id or location, any case." }) search: string | null,
    @Arg("silent", () => Boolean, { nullable: true, description: "Only units whose logger is silent (true), or only the others (false)." }) silent: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StorageUnitPage> {
    return listStorageUnits(ctx.db, ctx.principal, { ...page, pharmacyId, kind, isActive, search, silent });
  }

  @Authorized("cold-chain:read")
  @Query(() => StorageUnit, { description: "One storage unit with its latest reading and silence state (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  storageUnit(@Arg("id", () => ID, { description: "Storage unit id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<StorageUnit> {
    return getStorageUnit(ctx.db, ctx.principal, id);
  }

  @Authorized("cold-chain:write")
  @Mutation(() => StorageUnit, { nullable: true, description: "Register a storage unit with its range (or a threshold profile), tolerance, logger and the stock kept in it." })
  createStorageUnit(@Arg("input", () => CreateStorageUnitInput, { description: "The unit." }) input: CreateStorageUnitInput, @Ctx() ctx: SubgraphContext): Promise<StorageUnit> {
    return createStorageUnit(ctx.db, ctx.principal, input);
  }

  @Authorized("cold-chain:write")
  @Mutation(() => StorageUnit, { nullable: true, description: "Change a storage unit (a new range applies from the next reading)." })
  updateStorageUnit(@Arg("id", () => ID, { description: "Storage unit id (UUID)." }) id: string, @Arg("input", () => UpdateStorageUnitInput, { description: "What to change." }) input: UpdateStorageUnitInput, @Ctx() ctx: SubgraphContext): Promise<StorageUnit> {
    return updateStorageUnit(ctx.db, ctx.principal, id, input);
  }
}

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class TemperatureReadingResolver {
  @Authorized("cold-chain:readings")
  @Mutation(() => ReadingIngestResult, { nullable: true, description: "Record one reading or a logger's batch (at most 5,000); repeats of a subject's time are ignored; excursions are detected on ingest." })
  recordTemperatureReadings(@Arg("input", () => RecordTemperatureReadingsInput, { description: "The reading or batch." }) input: RecordTemperatureReadingsInput, @Ctx() ctx: SubgraphContext): Promise<ReadingIngestResult> {
    return recordReadings(ctx, input);
  }

  @Authorized("cold-chain:read")
  @Query(() => TemperatureReadingPage, { description: "Temperature readings, latest first (filters: pharmacy, storage unit, transport, date_from, date_to)." })
  temperatureReadings(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's readings; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("storageUnitId", () => ID, { nullable: true, description: "Only this storage unit's readings." }) storageUnitId: string | null,
    @Arg("transportId", () => ID, { nullable: true, description: "Only this transport's readings." }) transportId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TemperatureReadingPage> {
    return listReadings(ctx.db, ctx.principal, { ...page, pharmacyId, storageUnitId, transportId, dateFrom, dateTo });
  }
}

@Resolver(() => ColdChainExcursion)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ColdChainExcursionResolver {
  @Authorized("cold-chain:read")
  @Query(() => ColdChainExcursionPage, { description: "Excursions, latest first (filters: pharmacy, storage unit, transport, status, ongoing, date_from, date_to)." })
  coldChainExcursions(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's excursions; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("storageUnitId", () => ID, { nullable: true, description: "Only this storage unit's excursions (UUID; anything else is 400)." }) storageUnitId: string | null,
    @Arg("transportId", () => ID, { nullable: true, description: "Only this transport's excursions (UUID; anything else is 400)." }) transportId: string | null,
    @Arg("status", () => ExcursionStatus, { nullable: true, description: "Only open or closed excursions." }) status: string | null,
    @Arg("ongoing", () => Boolean, { nullable: true, description: "Only excursions whose readings are still out of range (true), or that have ended (false)." }) ongoing: boolean | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Started at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Started before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ColdChainExcursionPage> {
    return listExcursions(ctx.db, ctx.principal, { ...page, pharmacyId, storageUnitId, transportId, status, ongoing, dateFrom, dateTo });
  }

  @Authorized("cold-chain:read")
  @Query(() => ColdChainExcursion, { description: "One excursion with its held stock and notification status (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  coldChainExcursion(@Arg("id", () => ID, { description: "Excursion id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<ColdChainExcursion> {
    return getExcursion(ctx.db, ctx.principal, id);
  }

  @Authorized("cold-chain:write")
  @Mutation(() => ColdChainExcursion, { nullable: true, description: "Close an excursion with its disposition: release frees the held stock; quarantine and discard keep it held. 409 when closed already, or release while still out of range." })
  closeColdChainExcursion(@Arg("id", () => ID, { description: "Excursion id (UUID)." }) id: string, @Arg("input", () => CloseExcursionInput, { description: "The disposition and notes." }) input: CloseExcursionInput, @Ctx() ctx: SubgraphContext): Promise<ColdChainExcursion> {
    return closeExcursion(ctx.db, ctx.principal, id, input);
  }
}

@Resolver(() => ColdChainTransport)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ColdChainTransportResolver {
  @Authorized("cold-chain:read")
  @Query(() => ColdChainTransportPage, { description: "Cold-chain transports, latest departure first (filters: pharmacy, search, date_from, date_to)." })
  coldChainTransports(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only transports to this pharmacy; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the shipment reference, origin or destination, any case." }) search: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Departed at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Departed before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ColdChainTransportPage> {
    return listTransports(ctx.db, ctx.principal, { ...page, pharmacyId, search, dateFrom, dateTo });
  }

  @Authorized("cold-chain:read")
  @Query(() => ColdChainTransport, { description: "One transport with its contents and excursions (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  coldChainTransport(@Arg("id", () => ID, { description: "Transport id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<ColdChainTransport> {
    return getTransport(ctx.db, ctx.principal, id);
  }

  @Authorized("cold-chain:write")
  @Mutation(() => ColdChainTransport, { nullable: true, description: "Record a transport with its logger readings; an excursion holds the carried lots at the pharmacy and notifies it." })
  createColdChainTransport(@Arg("input", () => CreateTransportInput, { description: "The transport and its readings." }) input: CreateTransportInput, @Ctx() ctx: SubgraphContext): Promise<ColdChainTransport> {
    return createTransport(ctx, input);
  }

  @Authorized("cold-chain:read")
  @Query(() => ColdChainProductPage, { description: "Temperature-sensitive medicines of the catalog with their range and the pharmacy's stock (filters: pharmacy, medication_code, search, in_stock)." })
  coldChainProducts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "The pharmacy whose stock is counted; staff may only name their own (403); others without it: every pharmacy." }) pharmacyId: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only this medication code." }) medicationCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the generic name or a synonym (any case), or an exact code." }) search: string | null,
    @Arg("inStock", () => Boolean, { nullable: true, description: "Only medicines with units on hand (true), or with none (false)." }) inStock: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ColdChainProductPage> {
    return listColdChainProducts(ctx.db, ctx.principal, { ...page, pharmacyId, medicationCode, search, inStock });
  }
}
