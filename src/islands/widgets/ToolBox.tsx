/**
 * The tool box (spec 1 §2.7, spec 2 §2): track shipment, rate calculator, office locator and currency converter,
 * as an exclusive accordion whose first tool starts open. Native `<details name>`: it opens and closes with the
 * keyboard and before the island hydrates, and the browser keeps one tool open at a time.
 */
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import type { Catalogue } from '../../i18n/i18n.ts';
import type { Lang } from '../../i18n/languages.ts';
import { $session } from '../../lib/session/session-store.ts';
import { useMessages } from '../ui/i18n/use-messages.ts';
import { useHydratedStore } from '../ui/use-hydrated-store.ts';
import { useCurrencies } from './use-currencies.ts';
import { TrackShipment } from './TrackShipment.tsx';
import { RateCalculator } from './RateCalculator.tsx';
import { OfficeLocatorTool } from './OfficeLocatorTool.tsx';
import { CurrencyConverter } from './CurrencyConverter.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  /** The tool box's messages (TOOL_BOX_MESSAGES), picked from the language's catalogue at build time. */
  messages: Catalogue;
  /** Codes of the countries with offices, for the office locator. */
  officeCountries: readonly string[];
}

export default function ToolBox({ lang, brandSlug, messages, officeCountries }: Props) {
  const t = useMessages(lang, messages);
  const id = useId();
  const user = useHydratedStore($session, null);
  const currencies = useCurrencies(lang);
  const { ensure } = currencies;
  const converter = useRef<HTMLDetailsElement>(null);

  // Opened before the island hydrated: load now, as the toggle would have.
  useEffect(() => {
    if (converter.current?.open) ensure();
  }, [ensure]);

  return (
    <section className="tool-box widget" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="widget-heading">
        {t('widgets.toolBox.heading')}
      </h2>
      <Tool name="track" title={t('widgets.track.title')} open>
        <TrackShipment t={t} lang={lang} brandSlug={brandSlug} />
      </Tool>
      <Tool name="rates" title={t('widgets.rates.title')}>
        <RateCalculator t={t} lang={lang} user={user} />
      </Tool>
      <Tool name="office" title={t('widgets.office.title')}>
        <OfficeLocatorTool t={t} lang={lang} brandSlug={brandSlug} officeCountries={officeCountries} />
      </Tool>
      <Tool name="converter" title={t('widgets.converter.title')} detailsRef={converter} onOpen={ensure}>
        <CurrencyConverter t={t} lang={lang} currencies={currencies.state} onRetry={currencies.retry} />
      </Tool>
    </section>
  );
}

interface ToolProps {
  /** For tests and styles: `data-tool`. */
  name: string;
  title: string;
  /** Open when the page loads. */
  open?: boolean;
  onOpen?: () => void;
  detailsRef?: Ref<HTMLDetailsElement>;
  children: ReactNode;
}

function Tool({ name, title, open = false, onOpen, detailsRef, children }: ToolProps) {
  return (
    <details
      ref={detailsRef}
      name="tool-box"
      className="tool"
      data-tool={name}
      // Only the first render sets it: from then on the browser (and the visitor) own the open state.
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen?.();
      }}
    >
      <summary className="tool-summary">{title}</summary>
      <div className="tool-body">{children}</div>
    </details>
  );
}
