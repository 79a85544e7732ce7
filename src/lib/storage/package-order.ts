/**
 * The order of a customer's packages (issue 24): those near their storage deadline (or past it) first, the one
 * whose free storage ends soonest first; then every other package, the newest first.
 */

export interface OrderedPackage {
  awb: string;
  receivedAt: Date;
  /** The package's free storage while it is kept at a mailbox; null for any other. */
  storage: { freeUntil: Date; nearDeadline: boolean } | null;
}

/** Sorts with `Array.prototype.sort`: negative when `a` comes first. */
export function comparePackages(a: OrderedPackage, b: OrderedPackage): number {
  const nearA = a.storage?.nearDeadline === true;
  const nearB = b.storage?.nearDeadline === true;
  if (nearA !== nearB) return nearA ? -1 : 1;
  if (nearA && nearB) {
    const soonest = a.storage!.freeUntil.getTime() - b.storage!.freeUntil.getTime();
    if (soonest !== 0) return soonest;
  }
  const newest = b.receivedAt.getTime() - a.receivedAt.getTime();
  if (newest !== 0) return newest;
  return a.awb < b.awb ? 1 : a.awb > b.awb ? -1 : 0;
}
