/**
 * The claim flow of spec 1 §4.4: which process a claim follows, by the package's last status (lastPI) and
 * its ownership, and the subCategory the claim request is filed under.
 */
import type { ClaimSubCategory } from '../api/account-home/contract.ts';

export type ClaimProcess = 0 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 13;

export type ClaimSearch =
  | { kind: 'no-tracking-number' }
  | { kind: 'not-found' }
  | { kind: 'found'; customerId: number; lastPi: number; isUserOwner: boolean };

export interface ClaimDecision {
  process: ClaimProcess;
  /** Null when the claim can't be filed (the owner's own package) or no rule applies. */
  subCategory: ClaimSubCategory | null;
}

const LOST_OR_DAMAGED = new Set([13, 14, 15]);
const IN_TRANSIT = new Set([3, 18, 29]);

export function claimProcess(search: ClaimSearch): ClaimDecision | null {
  if (search.kind === 'no-tracking-number') return { process: 0, subCategory: 566 };
  if (search.kind === 'not-found') return { process: 4, subCategory: 830 };
  const { customerId, lastPi, isUserOwner } = search;
  if (customerId === 0 && lastPi === 4) return { process: 2, subCategory: 8198 };
  if (LOST_OR_DAMAGED.has(lastPi)) {
    return customerId === 0 || isUserOwner ? { process: 6, subCategory: 8633 } : { process: 7, subCategory: 8633 };
  }
  if (isUserOwner) return { process: 5, subCategory: null };
  if (IN_TRANSIT.has(lastPi)) return { process: 3, subCategory: 831 };
  if (lastPi === 1) return { process: 8, subCategory: 567 };
  return null;
}

/** What a search that found a package leads to: a process of the table, or why no claim is taken. */
export type FoundOutcome =
  | { kind: 'process'; decision: ClaimDecision }
  /** The customer has an open claim of it: one case per package. */
  | { kind: 'claimedByYou'; caseReference: string }
  /** Status 28: someone has claimed it and staff are checking it. */
  | { kind: 'claimed' }
  /** Another customer's package in a state no rule of the table covers. */
  | { kind: 'notClaimable' };

export function foundOutcome(found: {
  customerId: number;
  lastPi: number;
  isUserOwner: boolean;
  ownClaim: { caseReference: string } | null;
}): FoundOutcome {
  if (found.ownClaim) return { kind: 'claimedByYou', caseReference: found.ownClaim.caseReference };
  const { customerId, lastPi, isUserOwner } = found;
  const decision = claimProcess({ kind: 'found', customerId, lastPi, isUserOwner });
  if (decision) return { kind: 'process', decision };
  return lastPi === STATUS_AFTER_8198 ? { kind: 'claimed' } : { kind: 'notClaimable' };
}

/** After submitting, the flow shows its end (process 13). */
export const CLAIM_SUBMITTED: ClaimProcess = 13;

/** Spec 1 §5: unless the process is 2, 6 or 8, origin address, description and a file are required. */
export function claimNeedsFile(process: ClaimProcess): boolean {
  return process !== 2 && process !== 6 && process !== 8;
}

/** For subCategory 8198 the package status is then updated to 28. */
export const STATUS_AFTER_8198 = 28;
