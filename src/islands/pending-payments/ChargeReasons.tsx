/**
 * What each of a shipment's charges is for (issue 24), in words: the lines it has to pay, as a disclosure under
 * its amounts.
 */
import type { TFunction } from 'i18next';
import { CHARGE_LINES, type LineAmounts } from '../../lib/payments/pending-charges.ts';

export function ChargeReasons({ t, lines }: { t: TFunction; lines: LineAmounts }) {
  const due = CHARGE_LINES.filter((line) => lines[line] > 0);
  if (due.length === 0) return null;
  return (
    <details className="pending-reasons">
      <summary>{t('pendingPayments.reasons.heading')}</summary>
      <dl>
        {due.map((line) => (
          <div key={line} data-line={line}>
            <dt>{t(`pendingPayments.line.${line}`)}</dt>
            <dd>{t(`pendingPayments.reasons.${line}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
