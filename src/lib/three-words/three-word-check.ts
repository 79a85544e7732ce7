/**
 * The three-word address rule of spec 1 §5, for the field (on leaving it) and the API (on saving): empty is
 * fine; otherwise the general pattern, and an autosuggest clipped to the customer's country must return an
 * entry with exactly these words. The answer is the field's error code, or null when the address may be saved.
 */
import { isThreeWordAddress, matchesSuggestion, threeWordWords, type SuggestionLike } from './three-word-address.ts';

export type ThreeWordProblem = 'threeWordAddress' | 'threeWordCountry' | 'threeWordUnchecked';

/** Suggestions for the words in the country: the site's API call or the server's service. */
export type Autosuggest = (words: string, countryCode: string) => Promise<readonly SuggestionLike[]>;

export async function threeWordProblem(
  autosuggest: Autosuggest,
  value: string,
  countryCode: string,
  /** The address already saved: kept as it is, it is not asked about again. */
  saved?: string | null,
): Promise<ThreeWordProblem | null> {
  const words = threeWordWords(value);
  if (words === '') return null;
  if (!isThreeWordAddress(words)) return 'threeWordAddress';
  if (saved && threeWordWords(saved) === words) return null;
  try {
    return matchesSuggestion(words, countryCode, await autosuggest(words, countryCode)) ? null : 'threeWordCountry';
  } catch {
    // The address service is down: nothing unchecked is saved, and the customer is told to try again.
    return 'threeWordUnchecked';
  }
}
