/**
 * The customer's saved cards and third-party wallet accounts, in short (spec 1 §3 saved card): type, the last
 * four digits and the expiry as MM/YY; a wallet account by its name. The wallet page manages them.
 */
import type { TFunction } from 'i18next';
import type { SavedCard, WalletContent } from '../../lib/api/payments/contract.ts';
import { cardExpiryLabel } from '../../lib/payments/membership-rules.ts';

interface Props {
  t: TFunction;
  wallet: WalletContent;
  walletUrl: string;
}

/** Type '5' is the third-party wallet (spec 1 §3). */
const THIRD_PARTY_TYPE = '5';

function systemName(t: TFunction, type: string): string {
  return /^[1-9]$/.test(type) ? t(`membership.system.${type}`) : type;
}

function Option({ t, option }: { t: TFunction; option: SavedCard }) {
  return (
    <li className="saved-option">
      <span className="saved-option-type">{systemName(t, option.type)}</span>{' '}
      {option.type === THIRD_PARTY_TYPE ? (
        <span dir="ltr">{option.name}</span>
      ) : (
        <>
          <span className="visually-hidden">{t('membership.cards.endingIn')} </span>
          <span dir="ltr">
            <span aria-hidden="true">•••• </span>
            {option.last4Digits}
          </span>
          {option.expiryDate && (
            <>
              {' · '}
              <span>{t('membership.cards.expires', { date: cardExpiryLabel(option.expiryDate) })}</span>
            </>
          )}
        </>
      )}
      {option.isDefault && (
        <>
          {' '}
          <span className="saved-option-default">{t('membership.cards.default')}</span>
        </>
      )}
    </li>
  );
}

export function SavedPaymentOptions({ t, wallet, walletUrl }: Props) {
  const options = [...wallet.cards, ...wallet.thirdParty];
  return (
    <>
      {options.length === 0 ? (
        <p>{t('membership.cards.none')}</p>
      ) : (
        <ul className="saved-options">
          {options.map((option) => (
            <Option key={`${option.type}-${option.id}`} t={t} option={option} />
          ))}
        </ul>
      )}
      <p className="form-links">
        <a href={walletUrl}>{t('membership.cards.manage')}</a>
      </p>
    </>
  );
}
