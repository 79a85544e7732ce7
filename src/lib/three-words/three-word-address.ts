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

/** What matchesSuggestion reads of a suggestion (spec 2 §3 three-word suggestion). */
export interface SuggestionLike {
  words: string;
  country: string | null;
}

/**
 * Spec 1 §5: an address is accepted for a country only when an autosuggest (clipped to that country) returned an
 * entry whose country is the expected country and whose words are the value's, leading /// removed.
 */
export function matchesSuggestion(
  value: string,
  expectedCountry: string,
  suggestions: readonly SuggestionLike[],
): boolean {
  const words = threeWordWords(value);
  const country = expectedCountry.trim().toUpperCase();
  if (words === '' || country === '') return false;
  return suggestions.some((s) => s.words === words && s.country?.toUpperCase() === country);
}

const ENGLISH_LETTER = /^[a-z]$/;
const ARABIC_LETTER = /^\p{Script=Arabic}$/u;
const LETTER = /^\p{L}$/u;
/** Arabic short vowels and marks (harakat), which Unicode files under the "inherited" script. */
const ARABIC_MARK = /^[\u064B-\u0652]$/;

const isArabicLetter = (ch: string) => (ARABIC_LETTER.test(ch) && LETTER.test(ch)) || ARABIC_MARK.test(ch);

/**
 * The pattern directive of spec 1 §5 ("rejects failing input and keeps the last valid value"): whether `value` can
 * be a three-word address being typed. Allowed: a leading /// (or its first one or two slashes while they are
 * typed), then letters of one script only (English lowercase a-z, or Arabic letters with their marks) in at most
 * three dot-separated parts, each of any length, empty included. Refused: upper case, digits (Arabic-Indic too),
 * spaces, a third dot, other punctuation, and two scripts at once.
 */
export function isThreeWordTyping(value: string): boolean {
  if (/^\/{1,2}$/.test(value)) return true;
  const rest = value.replace(/^\/{3}/, '');
  const parts = rest.split('.');
  if (parts.length > 3) return false;
  const letters = [...parts.join('')];
  return letters.every((ch) => ENGLISH_LETTER.test(ch)) || letters.every(isArabicLetter);
}
