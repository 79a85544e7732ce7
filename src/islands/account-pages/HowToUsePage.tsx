/**
 * How to use your addresses (spec 1 §2.1 howtouse, howtouse/{countryCode}, howtouse/{countryCode}/{entityName};
 * §2.5): the customer picks one of their mailboxes by country and warehouse and sees how to write it at a
 * store's checkout, each line with a copy button. The bare route, an unknown country or an unknown entity
 * change the address to the mailbox shown (src/lib/account-home/how-to-use.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getAddresses, type Address } from '../../lib/api/account-home/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { $addresses, readAccountIn } from '../../lib/account-home/queries.ts';
import { howToUseTarget } from '../../lib/account-home/how-to-use.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { routeParams } from './page-params.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

const ROUTE_NAMES = ['howtouse', 'howtouse.country', 'howtouse.entity'] as const;

/** The mailbox number: the part of mailBoxCustomerNumber after the customer's name and '/', if it has one. */
function mailboxNumberOf(address: Address): string {
  const value = address.mailBoxCustomerNumber;
  const slash = value.lastIndexOf('/');
  return slash === -1 ? value : value.slice(slash + 1).trim();
}

/** The customer's full name as the mailbox prints it (before the '/'), else the account's name. */
function fullNameOf(address: Address, user: CurrentUser): string {
  return address.usMailbox.trim() || `${user.firstName} ${user.lastName}`;
}

interface Line {
  key: string;
  label: string;
  value: string;
}

function addressLines(t: TFunction, address: Address, user: CurrentUser): Line[] {
  const lines: (Line | null)[] = [
    { key: 'fullName', label: t('howToUse.field.fullName'), value: fullNameOf(address, user) },
    { key: 'lastName', label: t('howToUse.field.lastName'), value: user.lastName },
    { key: 'line1', label: t('howToUse.field.line1'), value: address.streetAddressLine1 },
    address.streetAddressLine2
      ? { key: 'line2', label: t('howToUse.field.line2'), value: address.streetAddressLine2 }
      : null,
    { key: 'city', label: t('howToUse.field.city'), value: address.city },
    address.state ? { key: 'state', label: t('howToUse.field.state'), value: address.state } : null,
    address.zipCode ? { key: 'zip', label: t('howToUse.field.zip'), value: address.zipCode } : null,
    { key: 'country', label: t('howToUse.field.country'), value: address.country },
    { key: 'phone', label: t('howToUse.field.phone'), value: address.telephone },
    { key: 'mailboxNumber', label: t('howToUse.field.mailboxNumber'), value: mailboxNumberOf(address) },
  ];
  return lines.filter((l): l is Line => l !== null);
}

function AddressCard({ t, address, user }: { t: TFunction; address: Address; user: CurrentUser }) {
  const [status, setStatus] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (line: Line) => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(line.value);
      setStatus(t('howToUse.copied', { field: line.label }));
    } catch {
      setStatus(t('howToUse.copyFailed'));
    }
    timer.current = window.setTimeout(() => setStatus(''), 5_000);
  };

  return (
    <>
      <dl className="copy-list">
        {addressLines(t, address, user).map((line) => (
          <div key={line.key} className={`copy-row copy-row-${line.key}`}>
            <dt>{line.label}</dt>
            <dd>
              {/* As the merchant's form wants it: in Latin script, whatever the page's language. */}
              <span className="copy-value" lang="en" dir="ltr">
                {line.value}
              </span>
              <button type="button" className="button button-secondary button-small" onClick={() => void copy(line)}>
                {t('howToUse.copy')}
                <span className="visually-hidden"> {line.label}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="copy-status" role="status" aria-live="polite">
        {status}
      </p>
    </>
  );
}

function HowToUseView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'howToUse');
  const user = useStore($session);
  const ids = { country: useId(), entity: useId() };
  const [path, setPath] = useState(() => location.pathname);
  const { data: addresses, error } = useStore($addresses);
  const failure = error?.messageKey ?? null;

  useEffect(() => readAccountIn(lang), [lang]);

  useEffect(() => {
    if (failure) notify('danger', failure);
  }, [failure]);

  // Back and forward move between the mailboxes chosen on this page.
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const params = routeParams(brandSlug, ROUTE_NAMES, path) ?? {};
  const target = addresses ? howToUseTarget(addresses, params.countryCode, params.entityName) : null;
  const urlOf = (countryCode: string, entity: string) =>
    buildUrl(lang, 'howtouse.entity', brandSlug, { countryCode, entityName: entity });

  // The bare route, an unknown country or entity: the address becomes the mailbox shown.
  const redirectTo = target?.redirect ? urlOf(target.countryCode, target.entity) : null;
  useEffect(() => {
    if (!redirectTo) return;
    // The target shown stays the same; only the address bar catches up.
    history.replaceState(history.state, '', redirectTo);
  }, [redirectTo]);

  if (!user) return null;

  const addressesTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'addresses' });
  const back = (
    <p className="detail-page-back">
      <a href={addressesTab}>{t('howToUse.back')}</a>
    </p>
  );

  if (!addresses || !target) {
    return (
      <section className="form-card form-card-wide detail-page" aria-labelledby="how-to-use-title">
        {back}
        <h1 id="how-to-use-title">{t('howToUse.heading')}</h1>
        {addresses ? (
          <p>{t('howToUse.noMailboxes')}</p>
        ) : (
          <LoadStatus
            t={t}
            loading={!failure}
            error={failure ? 'howToUse.loadFailed' : null}
            onRetry={() => refetch(getAddresses)}
          />
        )}
      </section>
    );
  }

  const go = (countryCode: string, entity: string) => {
    history.pushState(null, '', urlOf(countryCode, entity));
    setPath(location.pathname);
  };
  const countries = [...new Map(addresses.map((a) => [a.countryCode, a])).values()];
  const inCountry = addresses.filter((a) => a.countryCode === target.countryCode);
  const address = inCountry.find((a) => a.entity === target.entity) ?? inCountry[0]!;
  const countryName = (a: Address) => regionName(a.countryCode, lang);

  return (
    <section className="form-card form-card-wide detail-page how-to-use" aria-labelledby="how-to-use-title">
      {back}
      <h1 id="how-to-use-title">{t('howToUse.heading')}</h1>
      <p>{t('howToUse.intro')}</p>
      <fieldset className="field how-to-use-pick">
        <legend>{t('howToUse.pick')}</legend>
        <div className="form-columns">
          <div className="field">
            <label htmlFor={ids.country}>{t('howToUse.country')}</label>
            <select
              id={ids.country}
              value={target.countryCode}
              onChange={(e) => {
                const first = addresses.find((a) => a.countryCode === e.currentTarget.value);
                if (first) go(first.countryCode, first.entity);
              }}
            >
              {countries.map((a) => (
                <option key={a.countryCode} value={a.countryCode}>
                  {countryName(a)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.entity}>{t('howToUse.entity')}</label>
            <select
              id={ids.entity}
              value={target.entity}
              onChange={(e) => go(target.countryCode, e.currentTarget.value)}
            >
              {inCountry.map((a) => (
                <option key={a.entity} value={a.entity}>
                  {`${a.alias} (${a.entity})`}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <h2>{t('howToUse.place', { alias: address.alias, country: countryName(address) })}</h2>
      <AddressCard key={address.id} t={t} address={address} user={user} />
    </section>
  );
}

export default island(HowToUseView);
