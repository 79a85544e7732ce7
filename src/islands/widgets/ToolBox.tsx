/**
 * The tool box (spec 1 §2.7, spec 2 §2): track shipment, rate calculator, office locator and currency converter,
 * as an exclusive accordion whose first tool starts open. Native `<details name>`: it opens and closes with the
 * keyboard and before the island hydrates, and the browser keeps one tool open at a time. Each tool is a plain GET
 * form until the island wakes (src/lib/routes/form-answers.ts, src/lib/widgets/tool-forms.ts).
 */
import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import type { Catalogue } from '../../i18n/i18n.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrencyOption } from '../../lib/api/widgets/contract.ts';
import { sentToolForm, withoutToolForm, type SentToolForm } from '../../lib/widgets/tool-forms.ts';
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
  /** The converter's currencies as the site was built with them, named in `lang`. */
  currencies: CurrencyOption[];
  /** The currencies the rate calculator takes a value in (those with a published rate), named in `lang`. */
  valueCurrencies: CurrencyOption[];
  /** An error for the tracking number: the page answers a number sent empty. */
  trackError?: string | undefined;
}

const noSubscription = () => () => {};
let sentOnLoad: SentToolForm | null | undefined;
/** The tool form the page's address came with, read once (the island then takes it out of the address). */
const sentFromAddress = () => (sentOnLoad === undefined ? (sentOnLoad = sentToolForm(location.search)) : sentOnLoad);

export default function ToolBox({
  lang,
  brandSlug,
  messages,
  officeCountries,
  currencies: built,
  valueCurrencies,
  trackError,
}: Props) {
  const t = useMessages(lang, messages);
  const id = useId();
  const user = useHydratedStore($session, null);
  const currencies = useCurrencies(lang);
  const { ensure } = currencies;
  const rates = useRef<HTMLDetailsElement>(null);
  const converter = useRef<HTMLDetailsElement>(null);
  // Read after hydration (the server's markup knows no query), in the same update as the session, which the
  // answer depends on.
  const sent = useSyncExternalStore(noSubscription, sentFromAddress, () => null);

  // Opened before the island hydrated: load now, as the toggle would have.
  useEffect(() => {
    if (converter.current?.open) ensure();
  }, [ensure]);

  // A tool sent before the island woke came back in the query: open it (the tool answers it), and take the values
  // out of the address (a reload would send them again).
  useEffect(() => {
    if (!sent) return;
    const rest = withoutToolForm(location.search, sent.tool);
    history.replaceState(history.state, '', location.pathname + rest + location.hash);
    const details = sent.tool === 'rates' ? rates.current : converter.current;
    if (details) details.open = true;
  }, [sent]);

  return (
    <section className="tool-box widget" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="widget-heading">
        {t('widgets.toolBox.heading')}
      </h2>
      <Tool name="track" title={t('widgets.track.title')} open>
        <TrackShipment t={t} lang={lang} brandSlug={brandSlug} servedError={trackError} />
      </Tool>
      <Tool name="rates" title={t('widgets.rates.title')} detailsRef={rates}>
        <RateCalculator
          t={t}
          lang={lang}
          user={user}
          sent={sent?.tool === 'rates' ? sent.values : null}
          valueCurrencies={valueCurrencies}
        />
      </Tool>
      <Tool name="office" title={t('widgets.office.title')}>
        <OfficeLocatorTool t={t} lang={lang} brandSlug={brandSlug} officeCountries={officeCountries} />
      </Tool>
      <Tool name="converter" title={t('widgets.converter.title')} detailsRef={converter} onOpen={ensure}>
        <CurrencyConverter
          t={t}
          lang={lang}
          currencies={currencies.state}
          builtCurrencies={built}
          onRetry={currencies.retry}
          sent={sent?.tool === 'converter' ? sent.values : null}
        />
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
