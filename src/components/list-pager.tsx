import { useId } from 'react';
import { CFormSelect } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@/lib/use-list-params';

interface ListPagerProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** Names the pagination landmark, e.g. "Users pages". */
  label: string;
}

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pages: number, radius = 2): (number | 'gap')[] {
  const shown = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** "Showing 1–25 of 230", the page buttons and the page-size choice of a paged list. */
export function ListPager({ page, size, total, onPage, onSize, label }: ListPagerProps) {
  const { t } = useTranslation('common');
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const sizes = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, size].sort((a, b) => a - b);

  const item = (target: number, text: string, options: { current?: boolean; name?: string }) => (
    <li
      key={`${text}-${target}`}
      className={`page-item${options.current ? ' active' : ''}${
        target < 1 || target > pages ? ' disabled' : ''
      }`}
    >
      <button
        type="button"
        className="page-link"
        aria-current={options.current ? 'page' : undefined}
        aria-label={options.name}
        disabled={target < 1 || target > pages || options.current}
        onClick={() => onPage(target)}
      >
        {text}
      </button>
    </li>
  );

  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mt-3">
      <p className="mb-0 text-body-secondary" role="status">
        {t('list.showing', { from, to, total })}
      </p>
      <div className="d-flex align-items-center gap-2">
        <label htmlFor={sizeId} className="mb-0 text-nowrap">
          {t('list.pageSize')}
        </label>
        <CFormSelect
          id={sizeId}
          size="sm"
          value={size}
          onChange={(e) => onSize(Number(e.target.value))}
          style={{ width: 'auto' }}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </CFormSelect>
      </div>
      {pages > 1 && (
        <nav aria-label={label}>
          <ul className="pagination mb-0">
            {item(page - 1, '‹', { name: t('list.previous') })}
            {pageWindow(page, pages).map((p, i) =>
              p === 'gap' ? (
                <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true">
                  <span className="page-link">…</span>
                </li>
              ) : (
                item(p, String(p), {
                  current: p === page,
                  name: t('list.goToPage', { page: p }),
                })
              ),
            )}
            {item(page + 1, '›', { name: t('list.next') })}
          </ul>
        </nav>
      )}
    </div>
  );
}
