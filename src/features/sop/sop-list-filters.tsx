import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { SelectFilter } from '@/components/select-filter';
import { sopLookupText } from '@/lib/seeded-text';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import type { ListChange } from '@/lib/use-list-params';
import { useSopClientsQuery, useSopNamesQuery } from './sop-api';

/** The SOP list's filters beside the name search (SPEC §7 GET /sop/documents). */
export const SOP_LIST_FILTERS = [
  'client_name',
  'department_id',
  'product_type',
  'document_id',
] as const;
type SopListFilter = (typeof SOP_LIST_FILTERS)[number];

/** The query of GET /sop/documents for the list's address: empty filters are left out. */
export function sopListQuery(params: {
  page: number;
  size: number;
  search: string;
  filters: Record<SopListFilter, string>;
}) {
  const f = params.filters;
  return {
    page: params.page,
    size: params.size,
    name: params.search || undefined,
    ...Object.fromEntries(SOP_LIST_FILTERS.filter((k) => f[k]).map((k) => [k, f[k]])),
  };
}

/**
 * Client, department, product type and document id; each kept in the address. The departments
 * are those where the person may list SOPs (every one for a default administrator).
 */
export function SopListFilters({
  filters,
  onChange,
}: {
  filters: Record<SopListFilter, string>;
  onChange: (change: ListChange<SopListFilter>) => void;
}) {
  const { t } = useTranslation('sop');
  const clients = useSopClientsQuery();
  const products = useSopNamesQuery('products');
  const { departments } = useDepartmentChoices('Sop', 'LIST_VIEW');
  const set = (key: SopListFilter) => (value: string) => onChange({ filters: { [key]: value } });
  return (
    <>
      <SelectFilter
        label={t('fields.client')}
        any={t('anyClient')}
        value={filters.client_name}
        options={(clients.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
        onChange={set('client_name')}
      />
      <SelectFilter
        label={t('fields.department')}
        any={t('anyDepartment')}
        value={filters.department_id}
        options={departments.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={set('department_id')}
      />
      <SelectFilter
        label={t('fields.productType')}
        any={t('anyProduct')}
        value={filters.product_type}
        options={(products.data?.items ?? []).map((p) => ({
          value: p,
          label: sopLookupText(t, 'products', p),
        }))}
        onChange={set('product_type')}
      />
      <FormField
        className="mb-0"
        type="number"
        min={1}
        label={t('filters.document_id')}
        value={filters.document_id}
        onChange={(e) => set('document_id')(e.target.value)}
      />
    </>
  );
}
