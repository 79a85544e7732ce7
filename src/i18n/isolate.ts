/**
 * Sentences that carry people's own words (a customer's name, a merchant's) as values: on a right-to-left page
 * each such value is isolated (<bdi>), so a Latin name neither takes the sentence's direction nor reorders the
 * punctuation around it (docs/decisions/031). The translation is asked with a marker in place of each value, then
 * split at the markers.
 */

/** A run of the translated text, or one of the values that go in it. */
export type SentencePart = { text: string } | { value: string };

// Private-use characters: never in a catalogue, nor in what people type into the product's forms.
const OPEN = '\u{E000}';
const CLOSE = '\u{E001}';
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'u');

/** The markers to interpolate in place of `values`, by the same names. */
export function markersFor(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((name, i) => [name, `${OPEN}${i}${CLOSE}`]));
}

/** `text`, translated with `markersFor(values)`, split into its runs and the values themselves. */
export function sentenceParts(text: string, values: Readonly<Record<string, string>>): SentencePart[] {
  const ordered = Object.values(values);
  const parts: SentencePart[] = [];
  let rest = text;
  for (let found = MARKER.exec(rest); found; found = MARKER.exec(rest)) {
    if (found.index > 0) parts.push({ text: rest.slice(0, found.index) });
    parts.push({ value: ordered[Number(found[1])] ?? '' });
    rest = rest.slice(found.index + found[0].length);
  }
  if (rest) parts.push({ text: rest });
  return parts;
}
