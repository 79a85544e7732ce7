/**
 * Addresses tab (spec 1 §2.3, §4.7): search, mailbox details and service toggles with a confirmation. Each
 * mailbox is headed by its name and country in the page's language; its postal address stays in Latin script, as
 * merchants must read it.
 */
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { setAddressService, type Address } from '../../lib/api/account-home/contract.ts';
import { call } from '../../lib/api/call.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { matchesAddress } from '../../lib/account-home/address-search.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  guid: string;
  addresses: Address[];
  onChange: (addresses: Address[]) => void;
}

interface Pending {
  addressId: number;
  code: string;
  value: boolean;
}

function withService(addresses: Address[], p: Pending): Address[] {
  return addresses.map((a) =>
    a.id === p.addressId
      ? {
          ...a,
          availableServices: a.availableServices.map((s) => (s.code === p.code ? { ...s, isSelected: p.value } : s)),
        }
      : a,
  );
}

export function AddressesTab({ t, lang, guid, addresses, onChange }: Props) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const countryOf = (a: Address) => regionName(a.countryCode, lang);
  // The country as the page names it, or as the postal address does.
  const shown = addresses.filter(
    (a) => matchesAddress(a, query) || matchesAddress({ ...a, country: countryOf(a) }, query),
  );

  // Optimistic: the switch moves at once; cancel or failure moves it back (spec 1 §4.7).
  const toggle = (addressId: number, code: string, value: boolean) => {
    onChange(withService(addresses, { addressId, code, value }));
    setPending({ addressId, code, value });
  };
  const revert = (p: Pending) => onChange(withService(addresses, { ...p, value: !p.value }));
  const cancel = () => {
    if (pending) revert(pending);
    setPending(null);
  };
  const confirm = async () => {
    if (!pending || saving) return;
    const p = pending;
    setPending(null);
    setSaving(true);
    try {
      const saved = await call(setAddressService, {
        params: { guid, addressId: p.addressId, serviceCode: p.code, value: p.value },
        query: { language: lang },
      });
      onChange(withService(addresses, p).map((a) => (a.id === saved.id ? saved : a)));
      notify('success', 'notifications.serviceSaved');
    } catch {
      revert(p);
      notify('danger', 'errors.500');
    } finally {
      setSaving(false);
    }
  };
  const pendingAddress = addresses.find((a) => a.id === pending?.addressId);

  return (
    <div className="tab-body">
      <div className="field search-field">
        <label htmlFor={searchId}>{t('addresses.search')}</label>
        <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </div>
      <p role="status" className="field-hint">
        {t('addresses.count', { count: shown.length })}
      </p>
      <ul className="card-list">
        {shown.map((a) => (
          <li key={a.id} className="card address-card">
            <h3>
              {a.alias} <span className="muted">({countryOf(a)})</span>
            </h3>
            <address className="address-lines" lang="en" dir="ltr">
              <span>{a.mailBoxCustomerNumber}</span>
              <span>{a.streetAddressLine1}</span>
              {a.streetAddressLine2 && <span>{a.streetAddressLine2}</span>}
              <span>{[a.city, a.state, a.zipCode].filter(Boolean).join(', ')}</span>
              <span>{a.country}</span>
              <span>{a.telephone}</span>
            </address>
            <fieldset className="service-toggles">
              <legend>{t('addresses.services', { alias: a.alias })}</legend>
              {a.availableServices.map((s) => (
                <label key={s.code} className="switch">
                  <input
                    type="checkbox"
                    role="switch"
                    checked={s.isSelected}
                    disabled={saving || pending !== null}
                    onChange={(e) => toggle(a.id, s.code, e.currentTarget.checked)}
                  />
                  <span>{t(`service.${s.code}`)}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={t('addresses.confirm.title')}
        message={
          pending
            ? t(pending.value ? 'addresses.confirm.on' : 'addresses.confirm.off', {
                service: t(`service.${pending.code}`),
                alias: pendingAddress?.alias ?? '',
              })
            : ''
        }
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      />
    </div>
  );
}
