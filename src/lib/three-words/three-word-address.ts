/**
 * The three-word address pattern of spec 1 §5: empty is valid; otherwise three words of 3 or more
 * non-digit characters separated by dots, either English lowercase letters only or Arabic letters only.
 * A leading /// is allowed and removed.
 */

const ENGLISH = /^[a-z]{3,}\.[a-z]{3,}\.[a-z]{3,}$/;
const ARABIC = /^\p{Script=Arabic}{3,}\.\p{Script=Arabic}{3,}\.\p{Script=Arabic}{3,}$/u;
const GENERAL = /^[^\d.\s]{3,}\.[^\d.\s]{3,}\.[^\d.\s]{3,}$/u;

/** The words without the leading ///. */
export function threeWordWords(value: string): string {
  return value.trim().replace(/^\/{3}/, '');
}

export function isThreeWordAddress(value: string): boolean {
  const words = threeWordWords(value);
  if (words === '') return true;
  if (!GENERAL.test(words)) return false;
  return ENGLISH.test(words) || ARABIC.test(words.replace(/[\u064B-\u0652]/g, ''));
}
