/**
 * The three-word address rule of spec 1 §5 on the server: empty is fine; otherwise the general pattern, and an
 * autosuggest clipped to the customer's country must return an entry with exactly these words. The answer is
 * the field's error code, or null when the address may be saved.
 */
import { isThreeWordAddress, matchesSuggestion, threeWordWords } from '../../src/lib/three-words/three-word-address.ts';
import type { ThreeWordService } from './three-word-service.ts';

export type ThreeWordProblem = 'threeWordAddress' | 'threeWordCountry' | 'threeWordUnchecked';

export async function threeWordProblem(
  service: ThreeWordService,
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
    const suggestions = await service.autosuggest({ input: words, country: countryCode, limit: 50 });
    return matchesSuggestion(words, countryCode, suggestions) ? null : 'threeWordCountry';
  } catch {
    // The address service is down: nothing unchecked is saved, and the customer is told to try again.
    return 'threeWordUnchecked';
  }
}
