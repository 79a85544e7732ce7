import type { TFunction } from 'i18next';

interface Props {
  t: TFunction;
  /** Zero-based. */
  pageIndex: number;
  totalPages: number;
  label: string;
  onPage: (pageIndex: number) => void;
}

/** Previous / next paging with the position announced. */
export function Pager({ t, pageIndex, totalPages, label, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={pageIndex === 0}
        onClick={() => onPage(pageIndex - 1)}
      >
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.position', { page: pageIndex + 1, pages: totalPages })}</span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={pageIndex >= totalPages - 1}
        onClick={() => onPage(pageIndex + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
