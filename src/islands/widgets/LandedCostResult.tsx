/**
 * The rate calculator's landed-cost breakdown, loaded with its catalogue part when a calculation is first answered
 * (the tool box's own messages, given at build time, don't hold the breakdown's).
 */
import type { Lang } from '../../i18n/languages.ts';
import type { LandedCost } from '../../lib/api/landed-cost/contract.ts';
import type { WeightUnitName } from '../../lib/weight/weight-unit.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { LandedCostBreakdown } from '../ui/LandedCostBreakdown.tsx';

interface Props {
  lang: Lang;
  estimate: LandedCost;
  /** The unit the weight was typed in. */
  unit: WeightUnitName;
}

export default function LandedCostResult({ lang, estimate, unit }: Props) {
  const t = useTranslator(lang, 'landedCost');
  return <LandedCostBreakdown t={t} lang={lang} estimate={estimate} unit={unit} />;
}
