/**
 * The wallet's balance, and its statement in a disclosure that loads the transactions the first time it opens
 * (spec 2 §7: transactions loaded once, lazily).
 */
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import { useStore } from '@nanostores/react';
import { getWalletTransactions, type WalletBalance, type WalletTransaction } from '../../lib/api/wallet/contract.ts';
import { loadFailure, refetch, waiting } from '../../lib/api/query.ts';
import { $walletTransactions } from '../../lib/payments/wallet-queries.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  balance: WalletBalance | null;
}

/** Credits and refunds add to the balance; used balance takes from it; card payments leave it as it is. */
const SIGN = { credit: '+', refund: '+', balanceUsed: '−', shipmentPayment: '' } as const;

function TransactionRows({ t, lang, rows }: { t: TFunction; lang: Lang; rows: WalletTransaction[] }) {
  const dates = dateFormat(lang, { dateStyle: 'medium' });
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

/** The statement, asked for the first time it is shown (spec 2 §7: transactions loaded once, lazily). */
function Statement({ t, lang }: { t: TFunction; lang: Lang }) {
  const statement = useStore($walletTransactions);
  const rows = statement.data;
  return (
    <>
      <LoadStatus
        t={t}
        loading={waiting(statement)}
        error={loadFailure(statement) ? 'wallet.transactions.failed' : null}
        onRetry={() => refetch(getWalletTransactions)}
      />
      {rows && rows.length === 0 && <p>{t('wallet.transactions.none')}</p>}
      {rows && rows.length > 0 && <TransactionRows t={t} lang={lang} rows={rows} />}
    </>
  );
}

export function BalanceSection({ t, lang, balance }: Props) {
  const [opened, setOpened] = useState(false);
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
          if (event.currentTarget.open) setOpened(true);
        }}
      >
        <summary>{t('wallet.transactions.heading')}</summary>
        {opened && <Statement t={t} lang={lang} />}
      </details>
    </section>
  );
}
