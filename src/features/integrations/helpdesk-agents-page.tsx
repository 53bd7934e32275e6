import type { FormEvent } from 'react';
import { CButton, CCol, CForm, CFormSelect, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { LIST_DEFAULT } from '@contract/constants';
import { agentInputSchema, AGENT_CAPACITY_MAX, type Agent } from '@contract/helpdesk-api';
import type { DataColumn } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { ListPage, listTexts } from '@/components/list-page';
import { SectionCard } from '@/components/record-details';
import { SelectField } from '@/components/select-field';
import { useForm } from '@/components/use-form';
import { useToastedAction } from '@/components/use-toasted-action';
import type { Translate } from '@/lib/error-text';
import { validateWith } from '@/lib/form-errors';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useListParams } from '@/lib/use-list-params';
import {
  useAddAgentMutation,
  useAddHelpdeskAdminMutation,
  useListAgentsQuery,
  useUpdateAgentMutation,
} from './helpdesk-api';
import type { HelpdeskLinks } from './helpdesk-links';

const STATUSES = ['available', 'away', 'removed'] as const;

function agentColumns(
  t: Translate,
  onStatus: ((a: Agent, status: Agent['status']) => void) | null,
): DataColumn<Agent>[] {
  return [
    {
      key: 'name',
      header: t('agents.fields.name'),
      rowHeader: true,
      cell: (a) => (
        <>
          {a.name}
          <div className="small text-body-secondary fw-normal">{a.email}</div>
        </>
      ),
    },
    { key: 'department', header: t('agents.fields.department'), cell: (a) => a.department_name },
    {
      key: 'status',
      header: t('agents.fields.status'),
      cell: (a) => (
        <CFormSelect
          size="sm"
          aria-label={t('agents.statusOf', { name: a.name })}
          value={a.status}
          disabled={!onStatus}
          onChange={(e) => onStatus?.(a, e.target.value as Agent['status'])}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`agents.statuses.${s}`)}
            </option>
          ))}
        </CFormSelect>
      ),
    },
    { key: 'capacity', header: t('agents.fields.capacity'), cell: (a) => String(a.capacity) },
  ];
}

/** edit-helpdesk (SPEC §2): the helpdesk's people — agents by department, and its admins. */
export function HelpdeskAgentsPage({ links }: { links: HelpdeskLinks }) {
  const { t } = useTranslation(['helpdesk', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams([], LIST_DEFAULT.size);
  const list = useListAgentsQuery({ ...params, includeRemoved: true });
  const [update] = useUpdateAgentMutation();
  const [makeAdmin] = useAddHelpdeskAdminMutation();
  const run = useToastedAction();
  const mayUpdate = can.right('Helpdesk', 'UPDATE');
  const mayAdd = can.right('Helpdesk', 'ADD');

  const setStatus = (a: Agent, status: Agent['status']) =>
    void run(
      () => update({ id: a.id, body: { status } }).unwrap(),
      () => t('agents.updated', { name: a.name }),
    );

  return (
    <ListPage
      title={t('agents.title')}
      above={
        <>
          <p className="text-body-secondary">{t('agents.intro')}</p>
          {mayAdd && <AddAgentForm />}
        </>
      }
      columns={agentColumns(t, mayUpdate ? setStatus : null)}
      query={list}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ 'data-testid': 'agent-row', 'data-id': a.id })}
      rowActions={
        mayAdd
          ? {
              label: t('agents.actions'),
              render: (a: Agent) => (
                <CButton
                  size="sm"
                  color="secondary"
                  variant="outline"
                  onClick={() =>
                    void run(
                      () => makeAdmin({ user_id: a.user_id }).unwrap(),
                      () => t('agents.madeAdmin', { name: a.name }),
                    )
                  }
                >
                  {t('agents.makeAdmin')}
                </CButton>
              ),
            }
          : undefined
      }
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      searchLabel={t('agents.search')}
      empty={t('agents.empty')}
      add={{ to: links.list, text: t('backToList') }}
    />
  );
}

function AddAgentForm() {
  const { t } = useTranslation(['helpdesk', 'validation', 'errors']);
  const departments = useDepartmentChoices('Helpdesk', 'ADD').departments;
  const [add, adding] = useAddAgentMutation();
  const dispatch = useLibDispatch();
  const form = useForm({ email: '', department_id: '', capacity: '5' });
  const { values } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(agentInputSchema, {
      email: values.email,
      department_id: Number(values.department_id) || Number.NaN,
      capacity: Number(values.capacity),
    });
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    const body = checked.data;
    try {
      await add(body).unwrap();
      dispatch(toastAdded({ message: t('agents.added', { email: body.email }), color: 'success' }));
      form.setValues({ email: '', department_id: values.department_id, capacity: '5' });
    } catch (e) {
      form.fail(e);
    }
  }

  return (
    <SectionCard heading={t('agents.add')} className="mb-3">
      <FormError error={form.serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <CRow className="g-2 align-items-end">
          <CCol md={5}>
            <FormField
              label={t('agents.fields.email')}
              type="email"
              required
              {...form.text('email')}
            />
          </CCol>
          <CCol md={4}>
            <SelectField
              label={t('agents.fields.department')}
              required
              {...form.text('department_id')}
            >
              <option value="">{t('agents.chooseDepartment')}</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </SelectField>
          </CCol>
          <CCol md={2}>
            <FormField
              label={t('agents.fields.capacity')}
              type="number"
              min={1}
              max={AGENT_CAPACITY_MAX}
              {...form.text('capacity')}
            />
          </CCol>
          <CCol md={1} className="mb-3">
            <CButton type="submit" color="primary" disabled={adding.isLoading}>
              {t('agents.addButton')}
            </CButton>
          </CCol>
        </CRow>
      </CForm>
    </SectionCard>
  );
}
