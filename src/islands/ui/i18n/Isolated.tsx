import type { TFunction } from 'i18next';
import { markersFor, sentenceParts } from '../../../i18n/isolate.ts';

interface Props {
  t: TFunction;
  /** The catalogue key. */
  k: string;
  /** People's own words (names, merchants): each shown in <bdi>. */
  data: Readonly<Record<string, string>>;
  /** The sentence's other values (counts, the product's own names). */
  values?: Readonly<Record<string, unknown>>;
}

/** A translated sentence with people's own words isolated for right-to-left reading (src/i18n/isolate.ts). */
export function Isolated({ t, k, data, values }: Props) {
  const text = t(k, { ...values, ...markersFor(data) });
  return (
    <>{sentenceParts(text, data).map((part, i) => ('value' in part ? <bdi key={i}>{part.value}</bdi> : part.text))}</>
  );
}
