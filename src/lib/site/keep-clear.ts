/**
 * What the floating chat button must never cover: controls and fields, prices and amounts, and an office's address.
 * New content of those kinds that none of these selectors finds can carry `data-keep-clear`.
 */
export const KEEP_CLEAR =
  'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=tab],[tabindex="0"],[data-keep-clear],' +
  // A choice whose whole label takes the tap (a plan, a payment method).
  'label:has(input),' +
  // A fact's value (a charge, a total, an office's address), prices and amounts, an address in a list, and a
  // postal address a customer copies (a mailbox's).
  'dd,[class*=price],.wallet-amount,.wallet-balance,.place-address,address';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether `box` covers any shown element of `candidates` other than those inside `self`. */
export function coversAny(box: Box, candidates: Iterable<Element>, self: Element): boolean {
  for (const el of candidates) {
    if (self.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && overlaps(box, r) && el.checkVisibility({ visibilityProperty: true }))
      return true;
  }
  return false;
}
