/**
 * A package's free storage and charges as the API answers them (issue 24), and the customer's packages in the
 * order the account shows them (src/lib/storage). A customer's packages are sorted here rather than by the
 * database: the order depends on the arrival in each one's history and on the plan, and a customer has tens or a
 * few hundred packages, not more.
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PackagesSummary } from '../../src/lib/api/account-home/contract.ts';
import type { PackageStorage } from '../../src/lib/storage/storage-schema.ts';
import {
  arrivedAtMailbox,
  isInMailbox,
  storageStatus,
  storageTermsOf,
  type StorageTerms,
} from '../../src/lib/storage/storage-deadline.ts';
import { comparePackages } from '../../src/lib/storage/package-order.ts';
import type { PackageFacts } from '../../src/lib/storage/package-alerts.ts';
import { fromMinor } from '../../src/lib/payments/money.ts';
import type { Db } from '../db/database.ts';
import { preparedOn } from '../db/prepared.ts';
import type { EstimateOwner } from '../landed-cost/estimates.ts';
import { shipments, users } from '../db/schema.ts';
import { totalMinorOf } from '../payments/shipment-orders.ts';

type ShipmentRow = typeof shipments.$inferSelect;

/** When the package arrived at its mailbox, while it is kept there; null for any other. */
export function arrivalOf(row: ShipmentRow): Date | null {
  return isInMailbox(row.lastPi) ? arrivedAtMailbox(row.history, row.receivedAt) : null;
}

/** The package's free storage at `now` while it is at its mailbox; null for any other. */
export function storageOf(row: ShipmentRow, terms: StorageTerms, now: Date): PackageStorage | null {
  const arrivedAt = arrivalOf(row);
  if (!arrivedAt) return null;
  const status = storageStatus(arrivedAt, now, terms);
  return {
    arrivedAt: arrivedAt.toISOString(),
    freeUntil: status.freeUntil.toISOString(),
    freeDaysLeft: status.freeDaysLeft,
    feeDays: status.feeDays,
    feePerDay: terms.feePerDay,
    feeSoFar: status.feeSoFar,
    currency: terms.currency,
    nearDeadline: status.nearDeadline,
  };
}

/** The charges a shipment is held for, unpaid; null when none are due. */
export function heldForChargesOf(row: ShipmentRow): { total: number; currency: string } | null {
  if (row.chargesPaid || !row.charges) return null;
  const minor = totalMinorOf(row);
  return minor > 0 ? { total: fromMinor(minor, row.currency), currency: row.currency } : null;
}

/** Since when a shipment has been held for its charges (its latest event, else its received date); null if not. */
export function heldSinceOf(row: ShipmentRow): Date | null {
  if (!heldForChargesOf(row)) return null;
  const latest = Math.max(...row.history.map((e) => Date.parse(e.at)).filter((t) => Number.isFinite(t)));
  return Number.isFinite(latest) ? new Date(latest) : row.receivedAt;
}

/** What the alert rules read of a package (src/lib/storage/package-alerts.ts). */
export const packageFactsOf = (row: ShipmentRow, planId: number): PackageFacts => ({
  arrivedAt: arrivalOf(row),
  terms: storageTermsOf(planId),
  heldSince: heldSinceOf(row),
});

/** The storage terms of the customer's plan. */
export async function termsOfCustomer(db: Db, userGuid: string): Promise<StorageTerms> {
  const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.guid, userGuid));
  return storageTermsOf(user?.planId ?? 1);
}

/** `term` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface CustomerPackage {
  row: ShipmentRow;
  storage: PackageStorage | null;
}

/** The customer's packages in the account's order, and what estimates read of the customer (null: no account). */
export interface CustomerPackages {
  owner: EstimateOwner | null;
  packages: CustomerPackage[];
}

/**
 * The customer's packages whose merchant or description contains `search` (any case), in the account's order:
 * near their storage deadline first, the soonest first; then the newest.
 */
export async function customerPackages(
  db: Db,
  userGuid: string,
  now: Date,
  search?: string,
): Promise<CustomerPackages> {
  // The customer's row comes with the packages, in one statement: the account row, then each of its packages.
  const rows = search
    ? await searchedPackages(db).execute({ userGuid, pattern: containing(search) })
    : await packagesOfCustomer(db).execute({ userGuid });
  const owner = rows[0]?.owner ?? null;
  const terms = storageTermsOf(owner?.planId ?? 1);
  const listed = rows.flatMap(({ shipment: row }) => (row ? [{ row, storage: storageOf(row, terms, now) }] : []));
  const order = (p: CustomerPackage) => ({
    awb: p.row.awb,
    receivedAt: p.row.receivedAt,
    storage: p.storage && { freeUntil: new Date(p.storage.freeUntil), nearDeadline: p.storage.nearDeadline },
  });
  return { owner, packages: listed.sort((a, b) => comparePackages(order(a), order(b))) };
}

/** The account's country and plan, and each of its packages (a row with no package for an account that has none). */
const planAndPackages = (db: Db, where: SQL | undefined) =>
  db
    .select({ owner: { countryCode: users.countryCode, planId: users.planId }, shipment: shipments })
    .from(users)
    .leftJoin(shipments, and(eq(shipments.userGuid, users.guid), where))
    .where(eq(users.guid, sql.placeholder('userGuid')));

const packagesOfCustomer = preparedOn((db) => planAndPackages(db, undefined).prepare('customer_packages'));

const searchedPackages = preparedOn((db) => {
  const pattern = sql.placeholder('pattern');
  return planAndPackages(db, or(ilike(shipments.merchant, pattern), ilike(shipments.description, pattern))).prepare(
    'customer_packages_searched',
  );
});

/** How many of the customer's packages are at a mailbox, near their deadline there, and held for charges. */
export async function packagesSummary(db: Db, userGuid: string, now: Date): Promise<PackagesSummary> {
  const { packages: listed } = await customerPackages(db, userGuid, now);
  return {
    inMailbox: listed.filter((p) => p.storage).length,
    nearDeadline: listed.filter((p) => p.storage?.nearDeadline).length,
    heldForCharges: listed.filter((p) => heldForChargesOf(p.row)).length,
  };
}
