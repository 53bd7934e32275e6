import { CButton } from '@coreui/react';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CHECKLIST_STATUSES, SHIPMENT_MODES, type ChecklistSummary } from '@contract/sop';
import { ConfirmModal } from '@/components/confirm-modal';
import { FormField } from '@/components/form-field';
import { ListPage, listTexts } from '@/components/list-page';
import { SelectFilter } from '@/components/select-filter';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import {
  useDeleteChecklistsMutation,
  useListChecklistsQuery,
  useSopCountriesQuery,
} from './sop-api';
import { formatDays } from './sop-dates';
import type { SopLinks } from './sop-links';
import { SopTabs } from './sop-list-page';

const FILTERS = [
  'from_location',
  'to_location',
  'shipment_mode',
  'status',
  'sop_doc_id',
  'checklist_id',
  'start_date',
  'end_date',
] as const;
type Filter = (typeof FILTERS)[number];

/** /sop-repository?tab=checklists: every SPEC §3 checklist filter, and bulk delete. */
export function ChecklistsPage({ links }: { links: SopLinks }) {
  const { t, i18n } = useTranslation('sop');
  const can = useCan();
  const run = useToastedAction();
  const [params, setParams] = useListParams(FILTERS);
  const f = params.filters;
  const list = useListChecklistsQuery({
    page: params.page,
    size: params.size,
    name: params.search || undefined,
    ...Object.fromEntries(FILTERS.filter((k) => f[k]).map((k) => [k, f[k]])),
  });
  const countries = useSopCountriesQuery(i18n.language);
  const countryOptions = (countries.data?.items ?? []).map((c) => ({
    value: c.code,
    label: c.name,
  }));
  const nameOf = (code: string) => countries.data?.items.find((c) => c.code === code)?.name ?? code;
  const rows = list.data?.items ?? [];
  // The ticked rows of the page on screen (ids that left the list drop out).
  const [ticked, setTicked] = useState<ReadonlySet<Key>>(new Set());
  const selected = new Set<Key>(rows.map((c) => c.id).filter((id) => ticked.has(id)));
  const selection = {
    selected,
    select: (keys: Key[], on: boolean) => {
      const next = new Set(selected);
      for (const key of keys)
        if (on) next.add(key);
        else next.delete(key);
      setTicked(next);
    },
    clear: () => setTicked(new Set()),
  };
  const [remove, removing] = useDeleteChecklistsMutation();
  const [confirming, setConfirming] = useState(false);
  async function deleteSelected() {
    const ids = [...selection.selected].map(Number);
    const ok = await run(
      () => remove(ids).unwrap(),
      () => t('checklistsDeleted', { count: ids.length }),
    );
    if (ok) selection.clear();
    setConfirming(false);
  }
  // Labels above their fields, as every other filter's (CoreUI's floating labels are not in the
  // stylesheet, so theirs fell below the field).
  const dateFilter = (key: Filter) => (
    <FormField
      className="mb-0"
      type="date"
      label={t(`filters.${key}`)}
      value={f[key]}
      onChange={(e) => setParams({ filters: { [key]: e.target.value } })}
    />
  );

  return (
    <>
      <ListPage<ChecklistSummary, Filter>
        title={t('checklistsTitle')}
        above={<SopTabs links={links} active="checklists" />}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            rowHeader: true,
            cell: (c) => <Link to={links.checklist(c.id)}>{c.name}</Link>,
          },
          { key: 'sop', header: t('fields.sop'), cell: (c) => c.sop_name },
          {
            key: 'route',
            header: t('fields.route'),
            cell: (c) => `${nameOf(c.from_location)} → ${nameOf(c.to_location)}`,
          },
          { key: 'mode', header: t('fields.mode'), cell: (c) => t(`modes.${c.shipment_mode}`) },
          {
            key: 'dates',
            header: t('fields.dates'),
            cell: (c) => formatDays(c.start_date, c.end_date, i18n.language),
          },
          {
            key: 'status',
            header: t('fields.status'),
            cell: (c) => `${t(`statuses.${c.status}`)} (${c.done_count}/${c.item_count})`,
          },
        ]}
        query={list}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ 'data-testid': 'checklist-row', 'data-id': c.id })}
        selection={
          can.right('Sop', 'DELETE')
            ? {
                selectable: () => true,
                selected: selection.selected,
                onSelect: selection.select,
                selectAllLabel: t('selectAll'),
                selectLabel: (c) => t('selectOne', { name: c.name }),
              }
            : undefined
        }
        toolbar={
          selection.selected.size > 0 && (
            <CButton
              color="danger"
              className="mb-2"
              disabled={removing.isLoading}
              onClick={() => setConfirming(true)}
            >
              {t('deleteSelected', { count: selection.selected.size })}
            </CButton>
          )
        }
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        searchLabel={t('searchName')}
        filters={
          <>
            <SelectFilter
              label={t('filters.from_location')}
              any={t('anyCountry')}
              value={f.from_location}
              options={countryOptions}
              onChange={(v) => setParams({ filters: { from_location: v } })}
            />
            <SelectFilter
              label={t('filters.to_location')}
              any={t('anyCountry')}
              value={f.to_location}
              options={countryOptions}
              onChange={(v) => setParams({ filters: { to_location: v } })}
            />
            <SelectFilter
              label={t('filters.shipment_mode')}
              any={t('anyMode')}
              value={f.shipment_mode}
              options={SHIPMENT_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
              onChange={(v) => setParams({ filters: { shipment_mode: v } })}
            />
            <SelectFilter
              label={t('filters.status')}
              any={t('anyStatus')}
              value={f.status}
              options={CHECKLIST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              onChange={(v) => setParams({ filters: { status: v } })}
            />
            <FormField
              className="mb-0"
              type="number"
              min={1}
              label={t('filters.sop_doc_id')}
              value={f.sop_doc_id}
              onChange={(e) => setParams({ filters: { sop_doc_id: e.target.value } })}
            />
            <FormField
              className="mb-0"
              type="number"
              min={1}
              label={t('filters.checklist_id')}
              value={f.checklist_id}
              onChange={(e) => setParams({ filters: { checklist_id: e.target.value } })}
            />
            {/* From before until: start_date keeps shipments running on or after it, end_date
                those starting on or before it (the server's overlap rule). */}
            {dateFilter('start_date')}
            {dateFilter('end_date')}
          </>
        }
      />
      <ConfirmModal
        visible={confirming && selection.selected.size > 0}
        title={t('confirmDeleteChecklistsTitle')}
        message={t('confirmDeleteChecklists', { count: selection.selected.size })}
        confirmLabel={t('deleteSelected', { count: selection.selected.size })}
        confirmColor="danger"
        busy={removing.isLoading}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
