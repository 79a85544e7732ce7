/**
 * Saved cards or third-party accounts (spec 1 §3 saved card): type, last four digits and expiry (MM/YY), an
 * Expired mark derived from the expiry, the default mark, and Make default / Delete for each.
 */
import type { TFunction } from 'i18next';
import { cardExpiryLabel } from '../../lib/payments/membership-rules.ts';
import type { WalletOption } from '../../lib/payments/wallet-rules.ts';

interface Props {
  t: TFunction;
  options: readonly WalletOption[];
  /** What the list is called (cards, accounts). */
  label: string;
  emptyText: string;
  /** An option being changed (made default or deleted): its buttons wait. */
  busyId: number | null;
  onMakeDefault: (option: WalletOption) => void;
  onDelete: (option: WalletOption) => void;
}

function optionName(t: TFunction, option: WalletOption): string {
  const system = /^[1-9]$/.test(option.type) ? t(`membership.system.${option.type}`) : option.type;
  return option.thirdParty
    ? `${system} ${option.name}`
    : t('wallet.options.cardName', { system, last4: option.last4Digits });
}

function Option({
  t,
  option,
  busy,
  onMakeDefault,
  onDelete,
}: Omit<Props, 'options' | 'label' | 'emptyText' | 'busyId'> & {
  option: WalletOption;
  busy: boolean;
}) {
  const name = optionName(t, option);
  return (
    <li className="wallet-option" data-expired={option.expired || undefined} aria-busy={busy || undefined}>
      <div className="wallet-option-text">
        <span className="wallet-option-name" dir="auto">
          {name}
        </span>
        {!option.thirdParty && (
          <span className={option.expired ? 'wallet-option-expired' : 'field-hint'}>
            {t(option.expired ? 'wallet.options.expired' : 'wallet.options.expires', {
              date: cardExpiryLabel(option.expiryDate),
            })}
          </span>
        )}
        {!option.thirdParty && option.name && (
          <span className="field-hint">
            <bdi>{option.name}</bdi>
          </span>
        )}
        {option.isDefault && <span className="saved-option-default">{t('wallet.options.default')}</span>}
      </div>
      <div className="wallet-option-actions">
        {!option.isDefault && !option.expired && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            aria-label={t('wallet.options.makeDefaultNamed', { name })}
            onClick={() => onMakeDefault(option)}
          >
            {t('wallet.options.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          aria-label={t('wallet.options.deleteNamed', { name })}
          onClick={() => onDelete(option)}
        >
          {busy ? t('wallet.options.working') : t('wallet.options.delete')}
        </button>
      </div>
    </li>
  );
}

export function SavedOptionsList({ t, options, label, emptyText, busyId, onMakeDefault, onDelete }: Props) {
  if (options.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="wallet-options" aria-label={label}>
      {options.map((option) => (
        <Option
          key={option.id}
          t={t}
          option={option}
          busy={busyId === option.id}
          onMakeDefault={onMakeDefault}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
