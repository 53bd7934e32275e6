import { CBadge, CButton, CCard, CCardBody, CCardHeader, CSpinner } from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { countryName } from '@contract/countries';
import { checklistStatus, EXPORT_TYPES, type ChecklistItem, type ItemEdit } from '@contract/sop';
import { PageHeader } from '@/components/page-header';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { ChecklistItemRow } from './checklist-item-row';
import { ChecklistSidePanels } from './checklist-side-panels';
import { formatDays } from './sop-dates';
import {
  useExportChecklistMutation,
  useGetChecklistQuery,
  useSaveChecklistMutation,
} from './sop-api';
import type { SopLinks } from './sop-links';
import { useOpenPdf } from './sop-view-actions';

export function groupBySection<T extends { section: string }>(
  items: readonly T[],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item]);
  return [...groups.entries()];
}

/** /sop-repository/checklists/{id}: tick, note, assign and date each item; save; export. */
export function ChecklistEditPage({ links }: { links: SopLinks }) {
  const { t, i18n } = useTranslation('sop');
  const id = Number(useParams().id);
  const can = useCan();
  const run = useToastedAction();
  const openPdf = useOpenPdf();
  const [exportAs] = useExportChecklistMutation();
  const checklist = useGetChecklistQuery(id);
  const [save, saving] = useSaveChecklistMutation();
  const [edits, setEdits] = useState<Map<string, ItemEdit>>(new Map());
  const readOnly = !can.right('Sop', 'UPDATE');
  const data = checklist.data;
  if (!data) return checklist.isLoading ? <CSpinner /> : <p>{t('notFound')}</p>;

  const merged: ChecklistItem[] = data.items.map((i) => ({ ...i, ...edits.get(i.id) }));
  const status = checklistStatus(merged);
  const payload = { items: [...edits.values()] };
  const edit = (itemId: string, change: Omit<ItemEdit, 'id'>) =>
    setEdits((m) => new Map(m).set(itemId, { ...m.get(itemId), ...change, id: itemId }));

  return (
    <>
      <PageHeader
        title={data.name}
        actions={
          <>
            <CButton as={Link} to={links.view(id)} color="secondary" variant="outline">
              {t('printView')}
            </CButton>
            {can.right('Sop', 'DOWNLOAD') &&
              EXPORT_TYPES.map((type) => (
                <CButton
                  key={type}
                  color="secondary"
                  variant="outline"
                  onClick={() =>
                    void run(
                      () => exportAs({ id, type, language: i18n.language, data: payload }).unwrap(),
                      () => t('exported', { type: type.toUpperCase() }),
                    )
                  }
                >
                  {t('exportAs', { type: type.toUpperCase() })}
                </CButton>
              ))}
            {!readOnly && (
              <CButton
                color="primary"
                disabled={saving.isLoading || edits.size === 0}
                onClick={() =>
                  void run(
                    () => save({ id, data: payload }).unwrap(),
                    () => t('saved'),
                  ).then((ok) => ok && setEdits(new Map()))
                }
              >
                {t('save')}
              </CButton>
            )}
          </>
        }
      />
      <p>
        {data.sop_name} · {data.client_name} · {countryName(data.from_location, i18n.language)} →{' '}
        {countryName(data.to_location, i18n.language)} · {t(`modes.${data.shipment_mode}`)} ·{' '}
        {formatDays(data.start_date, data.end_date, i18n.language)}{' '}
        <CBadge
          color={status === 'complete' ? 'success' : status === 'draft' ? 'secondary' : 'info'}
          data-testid="checklist-status"
        >
          {t(`statuses.${status}`)}
        </CBadge>{' '}
        <span className="text-body-secondary">{t('versionOf', { version: data.version })}</span>
      </p>
      {groupBySection(merged).map(([section, items]) => (
        <CCard key={section} className="mb-3">
          <CCardHeader as="h2" className="h6">
            {section}
          </CCardHeader>
          <CCardBody className="p-0">
            <ul className="list-group list-group-flush">
              {items.map((item) => (
                <ChecklistItemRow
                  key={item.id}
                  item={data.items.find((i) => i.id === item.id)!}
                  edit={edits.get(item.id)}
                  readOnly={readOnly}
                  onEdit={(change) => edit(item.id, change)}
                  onOpenPage={(page) =>
                    data.sop_doc_id &&
                    // The file the checklist was made from, even after the SOP's was replaced.
                    openPdf({
                      documentId: data.sop_doc_id,
                      page,
                      version: data.sop_version ?? undefined,
                    })
                  }
                />
              ))}
            </ul>
          </CCardBody>
        </CCard>
      ))}
      <ChecklistSidePanels checklist={data} />
    </>
  );
}
