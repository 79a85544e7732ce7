/**
 * The claim flow's package calls (spec 1 §4.4, spec 2 §7 Tracking and packages): finding a package by its
 * foreign waybill number at an origin, whoever owns it, and marking an unidentified package as claimed (status
 * 28) after the user's claim with subCategory 8198. Both paths are the spec's, with its double slash after
 * `tracking`: the proxy in front passes it through (docs/deploy.md §3: the nginx include sets `merge_slashes off`,
 * and the API's location passes the request URI as sent), so no single-slash form is served.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Limit } from '../../auth/throttle.ts';
import type { Db } from '../../db/database.ts';
import { claimProcess } from '../../../src/lib/account-home/claim-process.ts';
import { addresses, offices, requests, shipments, type ClaimData } from '../../db/schema.ts';
import { statusUpdate } from '../../shipments/status-change.ts';
import type { ApiEnv, SessionContext } from '../env.ts';
import { HttpError, conflict, forbidden, invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { isRowId } from './paging.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { statusById } from '../../../src/lib/reference/shipment-statuses.ts';
import {
  CLOSED_STATUS,
  REQUEST_CATEGORIES,
  findClaimPackage,
  updatePackageStatus,
  type ClaimPackage,
  type ClaimSubCategory,
} from '../../../src/lib/api/account-home/contract.ts';

/**
 * Look-ups per user: a claim needs a handful, and each answer tells something about someone's parcel, so a
 * sweep of waybill numbers is cut short.
 */
export const CLAIM_LOOKUP_LIMIT: Limit = { max: 30, windowSeconds: 5 * 60 };

/** Status 4: an unidentified package at origin, which anyone may claim (process 2); 28 once claimed. */
const UNIDENTIFIED = 4;
const CLAIMED = 28;
/** The claim subcategory of process 2. */
const CLAIM_UNIDENTIFIED = 8198;

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

/** The English name of the city of an office (a destination entity), if the office is known. */
async function cityOfEntity(c: Context<ApiEnv>, entity: string): Promise<string | null> {
  const [office] = await c.var.deps.db.select({ data: offices.data }).from(offices).where(eq(offices.id, entity));
  const data = office?.data as { cityName?: { en?: unknown } } | undefined;
  return typeof data?.cityName?.en === 'string' ? data.cityName.en : null;
}

/** Counts a package look-up of the session user (the look-up itself, or a claim that names a package); 429 past the limit. */
export async function countLookup(c: SessionContext): Promise<void> {
  const { throttle } = c.var.deps;
  const key = `claim-lookup:user:${c.var.userGuid.toLowerCase()}`;
  // Counted and decided in one statement: of many look-ups at once, the limit's number are answered.
  const { retryAfter } = await throttle.take(key, CLAIM_LOOKUP_LIMIT);
  if (retryAfter > 0) {
    throw new HttpError(
      429,
      { code: ErrorCode.tooManyAttempts, message: 'Too many package look-ups' },
      { 'Retry-After': String(retryAfter) },
    );
  }
}

/** The newest package received at an origin under a foreign waybill number, whoever owns it. */
export async function findByForeignAwb(db: Db, originEntity: string, fawb: string) {
  const [found] = await db
    .select()
    .from(shipments)
    .where(
      and(
        sql`upper(${shipments.foreignAwb}) = upper(${fawb})`,
        sql`upper(${shipments.originEntity}) = upper(${originEntity})`,
      ),
    )
    .orderBy(desc(shipments.receivedAt))
    .limit(1);
  return found?.foreignAwb ? found : undefined;
}

type Shipment = typeof shipments.$inferSelect;

/**
 * The subcategory a claim must carry (spec 1 §4.4), decided here as the browser decides it: no number 566,
 * nothing found 830, else by the package's state and owner; null when the package can't be claimed. With the
 * package found, if any.
 */
export async function expectedClaimSubCategory(
  db: Db,
  userGuid: string,
  originEntity: string,
  foreignAwb: string | null,
): Promise<{ subCategory: ClaimSubCategory | null; found: Shipment | undefined }> {
  if (!foreignAwb?.trim()) {
    return { subCategory: claimProcess({ kind: 'no-tracking-number' })?.subCategory ?? null, found: undefined };
  }
  const found = await findByForeignAwb(db, originEntity, foreignAwb.trim());
  if (!found) return { subCategory: claimProcess({ kind: 'not-found' })?.subCategory ?? null, found };
  const isUserOwner = found.userGuid !== null && found.userGuid.toLowerCase() === userGuid.toLowerCase();
  const decision = claimProcess({ kind: 'found', customerId: found.customerId, lastPi: found.lastPi, isUserOwner });
  return { subCategory: decision?.subCategory ?? null, found };
}

interface ClaimRow {
  externalString: string | null;
  claim: ClaimData | null;
}

/** Whether a claim names the package: by its waybill number, or by its foreign waybill number at its origin. */
function namesPackage({ externalString, claim }: ClaimRow, pkg: Pick<Shipment, 'awb' | 'foreignAwb' | 'originEntity'>) {
  if (norm(externalString) === norm(pkg.awb) || norm(claim?.Package.AWB) === norm(pkg.awb)) return true;
  const origin = norm(claim?.Package.OriginEntity);
  return (
    norm(claim?.Package.ForeignAWB) !== '' &&
    norm(claim?.Package.ForeignAWB) === norm(pkg.foreignAwb) &&
    (origin === '' || origin === norm(pkg.originEntity))
  );
}

/** The user's open claims (category 830, not closed), of one subcategory when given. */
function openClaims(db: Db, userGuid: string, subCategory?: ClaimSubCategory) {
  return db
    .select({ caseReference: requests.caseReference, externalString: requests.externalString, claim: requests.claim })
    .from(requests)
    .where(
      and(
        eq(requests.userGuid, userGuid),
        eq(requests.categoryId, REQUEST_CATEGORIES.claim),
        subCategory === undefined ? undefined : eq(requests.subCategory, subCategory),
        ne(requests.status, CLOSED_STATUS),
      ),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id));
}

/** The user's open claim of the package, newest first, if they have filed one. */
export async function openClaimOf(
  db: Db,
  userGuid: string,
  pkg: Pick<Shipment, 'awb' | 'foreignAwb' | 'originEntity'>,
): Promise<{ caseReference: string } | null> {
  const found = (await openClaims(db, userGuid)).find((row) => namesPackage(row, pkg));
  return found ? { caseReference: found.caseReference } : null;
}

/** Whether `mailboxId` names one of the user's mailboxes: the number as printed, its part after '/', or its digits. */
export async function isOwnMailbox(db: Db, userGuid: string, mailboxId: string): Promise<boolean> {
  const rows = await db
    .select({ number: addresses.mailBoxCustomerNumber })
    .from(addresses)
    .where(eq(addresses.userGuid, userGuid));
  const wanted = norm(mailboxId);
  if (wanted === '') return false;
  return rows.some(({ number }) => {
    const after = number.includes('/') ? number.slice(number.lastIndexOf('/') + 1) : number;
    const digits = after.replace(/\D/g, '');
    return [norm(number), norm(after), digits].includes(wanted);
  });
}

export function claimsRoutes(router: ApiRouter): void {
  router.handle(findClaimPackage, async (c, { params: { originEntity, fawb } }) => {
    const guid = c.var.userGuid;
    await countLookup(c);
    const found = await findByForeignAwb(c.var.deps.db, originEntity, fawb);
    if (!found?.foreignAwb) throw notFound();
    const isUserOwner = found.userGuid !== null && found.userGuid.toLowerCase() === guid.toLowerCase();
    // Only what the claim rules read; another customer's number is never disclosed.
    const customerId = found.customerId === 0 ? 0 : isUserOwner ? found.customerId : -1;
    const body: ClaimPackage = {
      package: {
        id: found.hawbId,
        awb: found.awb,
        foreignAwb: found.foreignAwb,
        originEntity: found.originEntity,
        destinationCity: await cityOfEntity(c, found.destEntity),
        customerId,
        lastPi: found.lastPi,
      },
      isUserOwner,
      // So the page says the package is claimed already rather than offer a second claim.
      ownClaim: await openClaimOf(c.var.deps.db, guid, found),
    };
    return body;
  });

  // Process 2: the user has claimed an unidentified package (subCategory 8198); it goes to status 28.
  router.handle(updatePackageStatus, async (c, { params: { packageId, mailboxid: mailboxId } }) => {
    const guid = c.var.userGuid;
    const { db, clock } = c.var.deps;

    const [shipment] = isRowId(packageId)
      ? await db.select().from(shipments).where(eq(shipments.hawbId, packageId))
      : [];
    // The user's open claims of unidentified packages; one must name this package. No package and no claim
    // answer alike, so the call tells nothing about packages the user has not claimed.
    const claims = await openClaims(db, guid, CLAIM_UNIDENTIFIED);
    const claimed = shipment && claims.some((row) => namesPackage(row, shipment));
    if (!shipment || !claimed) throw forbidden();
    if (!(await isOwnMailbox(db, guid, mailboxId))) throw invalid({ mailboxid: ['not one of your mailboxes'] });

    const status = statusById(CLAIMED)!;
    const answer = { lastPi: status.id, currentStatus: status.name };
    // Claimed already (a second click): nothing more to record.
    if (shipment.lastPi === CLAIMED) return answer;
    // Only an unidentified package of nobody changes, checked in the update itself (two calls at once: one wins).
    const [updated] = await db
      .update(shipments)
      .set(statusUpdate(shipment, status, clock()))
      .where(
        and(
          eq(shipments.awb, shipment.awb),
          eq(shipments.lastPi, UNIDENTIFIED),
          eq(shipments.customerId, 0),
          sql`${shipments.userGuid} is null`,
        ),
      )
      .returning({ lastPi: shipments.lastPi });
    if (updated) return answer;
    const [now] = await db.select({ lastPi: shipments.lastPi }).from(shipments).where(eq(shipments.awb, shipment.awb));
    if (now?.lastPi === CLAIMED) return answer;
    throw conflict('The package is not an unidentified package that can be claimed');
  });
}
