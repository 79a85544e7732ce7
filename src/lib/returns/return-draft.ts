/**
 * The return wizard's steps and what the customer entered so far (spec 1 §2.7, spec 2 §4 return flow). The draft
 * is kept in sessionStorage, so it survives moving between steps and a reload, and is cleared once the return is
 * accepted. A step opened before the earlier ones are done shows the first one that is not.
 */
import { atom } from 'nanostores';
import { z } from '../zod.ts';

export const RETURN_STEPS = ['address-from', 'address-to', 'pickup'] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];

export const isReturnStep = (value: string): value is ReturnStep => (RETURN_STEPS as readonly string[]).includes(value);

/** The state name (route table) of a step. */
export const stepRoute = (step: ReturnStep): string => `return.${step}`;

const str = z.string().check(z.maxLength(300));

export const pickupAddressFormSchema = z.object({
  pickupStreetAdress: str,
  pickupCity: str,
  pickupZipCode: str,
  pickupCountryCode: str,
});
export type PickupAddressForm = z.infer<typeof pickupAddressFormSchema>;

export const deliveryAddressFormSchema = z.object({
  name: str,
  phoneNumber: str,
  deliveryStreetAddress: str,
  deliveryCity: str,
  deliveryZipCode: str,
  deliveryCountryCode: str,
});
export type DeliveryAddressForm = z.infer<typeof deliveryAddressFormSchema>;

export const pickupFormSchema = z.object({
  /** yyyy-MM-dd once it reads as a date; what was typed otherwise. */
  pickupDate: str,
  readyTime: str,
  latestTime: str,
  contentDescription: str,
  /** As typed (a decimal). */
  amount: str,
  weight: str,
});
export type PickupForm = z.infer<typeof pickupFormSchema>;

export const returnDraftSchema = z.object({
  packageID: z.int(),
  pickupAddress: z.nullable(pickupAddressFormSchema),
  deliveryAddress: z.nullable(deliveryAddressFormSchema),
  pickup: z.nullable(pickupFormSchema),
  /** Steps the customer completed (their Continue passed every check). */
  done: z.array(z.enum(RETURN_STEPS)),
});
export type ReturnDraft = z.infer<typeof returnDraftSchema>;

/** The first step not done yet (the last step when all are). */
export function firstIncompleteStep(draft: Pick<ReturnDraft, 'done'>): ReturnStep {
  return RETURN_STEPS.find((step) => !draft.done.includes(step)) ?? 'pickup';
}

/** The step to show for the one asked: itself when every earlier step is done, else the first one that is not. */
export function draftStep(asked: ReturnStep, draft: Pick<ReturnDraft, 'done'>): ReturnStep {
  const first = firstIncompleteStep(draft);
  return RETURN_STEPS.indexOf(asked) <= RETURN_STEPS.indexOf(first) ? asked : first;
}

const STORAGE_KEY = 'return.draft';

/** The draft of the return being entered, or null. */
export const $returnDraft = atom<ReturnDraft | null>(null);

function read(): ReturnDraft | null {
  try {
    const parsed = returnDraftSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(draft: ReturnDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the draft lives as long as the page.
  }
}

/** The stored draft of shipment `packageID`, or a new one (a draft of another shipment is dropped). */
export function openDraft(packageID: number): ReturnDraft {
  const stored = read();
  const draft =
    stored?.packageID === packageID
      ? stored
      : { packageID, pickupAddress: null, deliveryAddress: null, pickup: null, done: [] };
  $returnDraft.set(draft);
  write(draft);
  return draft;
}

/** Changes the open draft and stores it at once. */
export function updateDraft(change: Partial<Omit<ReturnDraft, 'packageID'>>): void {
  const current = $returnDraft.get();
  if (!current) return;
  const next = { ...current, ...change };
  $returnDraft.set(next);
  write(next);
}

/**
 * Keeps what was just typed on an address step. Editing a step done before takes it out of the done steps, so its
 * address is checked again (Continue) before a later step can be reached.
 */
export function editStep(step: ReturnStep, change: Partial<Omit<ReturnDraft, 'packageID' | 'done'>>): void {
  const current = $returnDraft.get();
  if (!current) return;
  updateDraft({ ...change, done: current.done.filter((s) => s !== step) });
}

/** Marks a step done (and keeps its values). */
export function completeStep(step: ReturnStep, change: Partial<Omit<ReturnDraft, 'packageID' | 'done'>>): void {
  const current = $returnDraft.get();
  if (!current) return;
  updateDraft({ ...change, done: current.done.includes(step) ? current.done : [...current.done, step] });
}

/** Forgets the draft (after the return was accepted). */
export function clearDraft(): void {
  $returnDraft.set(null);
  write(null);
}
