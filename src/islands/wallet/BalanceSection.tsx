/**
 * The wallet's balance, and its statement in a disclosure that loads the transactions the first time it opens
 * (spec 2 §7: transactions loaded once, lazily).
 */
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { WalletBalance, WalletTransaction } from '../../lib/api/wallet/contract.ts';
import { getWalletTransactions } from '../../lib/api/wallet/wallet.ts';
import { formatMoney } from '../../lib/widgets/format.ts';
import { FormAlert } from '../forms/FormAlert.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  guid: string;
  balance: WalletBalance | null;
}

/** Credits and refunds add to the balance; used balance takes from it; card payments leave it as it is. */
const SIGN = { credit: '+', refund: '+', balanceUsed: '−', shipmentPayment: '' } as const;

function TransactionRows({ t, lang, rows }: { t: TFunction; lang: Lang; rows: WalletTransaction[] }) {
  const dates = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { dateStyle: 'medium' });
  return (
    <table className="wallet-transactions">
      <caption className="visually-hidden">{t('wallet.transactions.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wallet.transactions.date')}</th>
          <th scope="col">{t('wallet.transactions.description')}</th>
          <th scope="col">{t('wallet.transactions.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-kind={row.kind}>
            <td>{dates.format(new Date(row.date))}</td>
            <td>
              {t(`wallet.transactions.kind.${row.kind}`)}{' '}
              <span dir="ltr" className="wallet-reference">
                {row.reference}
              </span>
            </td>
            <td className="wallet-amount">
              <span dir="ltr">
                {SIGN[row.kind]}
                {formatMoney(row.amount, row.currencyCode, lang)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BalanceSection({ t, lang, guid, balance }: Props) {
  const [rows, setRows] = useState<WalletTransaction[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = async () => {
    if (rows || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      setRows(await getWalletTransactions(guid));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="wallet-section" aria-labelledby="wallet-balance-heading">
      <h2 id="wallet-balance-heading">{t('wallet.balance.heading')}</h2>
      {balance && (
        <p className="wallet-balance">
          <span>{t('wallet.balance.label')}</span>{' '}
          <strong dir="ltr">{formatMoney(balance.balance, balance.currencyCode, lang)}</strong>
        </p>
      )}
      <details
        className="wallet-statement"
        onToggle={(event) => {
          if (event.currentTarget.open) void load();
        }}
      >
        <summary>{t('wallet.transactions.heading')}</summary>
        {loading && (
          <p role="status" className="field-hint">
            {t('common.loading')}
          </p>
        )}
        {failed && (
          <FormAlert>
            <p>{t('wallet.transactions.failed')}</p>
            <p>
              <button type="button" className="button button-secondary button-small" onClick={() => void load()}>
                {t('common.retry')}
              </button>
            </p>
          </FormAlert>
        )}
        {rows && rows.length === 0 && <p>{t('wallet.transactions.none')}</p>}
        {rows && rows.length > 0 && <TransactionRows t={t} lang={lang} rows={rows} />}
      </details>
    </section>
  );
}
