/**
 * What the tracking page shows its owner only (spec 1 §4.9, issue 24): until it ships, its free storage and what it
 * will cost to land, then the private section. Loaded when the shipment is the customer's own, with its catalogue
 * parts, so a visitor's page loads neither.
 */
import type { Lang } from '../../i18n/languages.ts';
import type { OwnerTracking } from '../../lib/api/tracking/contract.ts';
import { showsPrivateSection } from '../../lib/tracking/tracking-rules.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { BeforeShipping } from './BeforeShipping.tsx';
import { PrivateSection } from './PrivateSection.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  shipment: OwnerTracking;
  /** The shipment changed (its invoice was sent): show it again. */
  onChanged: () => void;
}

export default function OwnerSections({ lang, brandSlug, shipment, onChanged }: Props) {
  const t = useTranslator(lang, 'pending', 'tracking', 'gateway', 'landedCost');
  return (
    <>
      <BeforeShipping t={t} lang={lang} shipment={shipment} />
      {showsPrivateSection(shipment) && (
        <PrivateSection t={t} lang={lang} brandSlug={brandSlug} shipment={shipment} onChanged={onChanged} />
      )}
    </>
  );
}
