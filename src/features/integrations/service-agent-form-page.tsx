import { useMemo, type FormEvent } from 'react';
import { CCol, CForm, CFormSwitch, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  serviceAgentInputSchema,
  widgetHostField,
  WIDGET_DEFAULTS,
  WELCOME_MESSAGE_MAX,
  WIDGET_NAME_MAX,
  WIDGET_QUOTA_MAX,
  type ServiceAgent,
} from '@contract/service-agent';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { FormPage } from '@/components/record-page';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { validateWith } from '@/lib/form-errors';
import type { DepartmentRef } from '@/lib/session/assignable';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { ColourField, TargetAreasField } from './service-agent-form-fields';
import type { ServiceAgentLinks } from './service-agent-links';
import {
  useCreateServiceAgentMutation,
  useGetServiceAgentQuery,
  useUpdateServiceAgentMutation,
} from './service-agent-api';
import { WidgetPreview } from './widget-preview';
import './service-agent.css';

/** add-chatbot and edit-chatbot/{client_id} (SPEC §2): one form, the live preview beside it. */
export function ServiceAgentFormPage({ links }: { links: ServiceAgentLinks }) {
  const { t } = useTranslation(['service-agent', 'errors']);
  const clientId = useParams().Client_id;
  const editing = clientId !== undefined;
  const query = useGetServiceAgentQuery(clientId ?? '', { skip: !editing || !clientId });
  return (
    <FormPage
      heading={t(editing ? 'editTitle' : 'addTitle')}
      editing={editing}
      query={query}
      valid={!editing || Boolean(clientId)}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(widget) => <ChatbotForm key={widget?.updated_at} widget={widget} links={links} />}
    />
  );
}

interface ChatbotValues {
  client_name: string;
  fg_color: string;
  bg_color: string;
  welcome_message: string;
  /** allowed_hosts as typed: one per line (commas and spaces separate too). */
  hosts: string;
  daily_message_quota: string;
  target_areas: number[];
  status: boolean;
}

const hostsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * A new widget's welcome is prefilled in the language of the administrator creating it, who
 * can change it; an existing one keeps what it has (empty: each visitor's language).
 */
function initialValues(widget: ServiceAgent | undefined, welcome: string): ChatbotValues {
  return {
    client_name: widget?.client_name ?? '',
    fg_color: widget?.fg_color ?? WIDGET_DEFAULTS.fg_color,
    bg_color: widget?.bg_color ?? WIDGET_DEFAULTS.bg_color,
    welcome_message: widget?.welcome_message ?? welcome,
    hosts: (widget?.allowed_hosts ?? []).join('\n'),
    daily_message_quota: String(widget?.daily_message_quota ?? WIDGET_DEFAULTS.daily_message_quota),
    target_areas: widget?.target_areas ?? [],
    status: widget?.status ?? true,
  };
}

/**
 * The departments one may let a widget answer from: where one holds the Service_agent right of
 * the save and may query the documents (the server's rule); the widget's own areas stay listed.
 */
function useAreaChoices(widget?: ServiceAgent): DepartmentRef[] {
  const managed = useDepartmentChoices('Service_agent', widget ? 'UPDATE' : 'ADD').departments;
  const readable = useDepartmentChoices('Query', 'QUERY_DOCUMENT').departments;
  return useMemo(() => {
    const ids = new Set(readable.map((d) => d.id));
    const choices = managed.filter((d) => ids.has(d.id));
    widget?.target_areas.forEach((id, i) => {
      if (!choices.some((d) => d.id === id))
        choices.push({ id, name: widget.target_area_names[i] ?? String(id) });
    });
    return choices;
  }, [managed, readable, widget]);
}

function ChatbotForm({ widget, links }: { widget?: ServiceAgent; links: ServiceAgentLinks }) {
  const { t } = useTranslation(['service-agent', 'validation', 'errors']);
  const navigate = useNavigate();
  const saving = useRecordSave(useCreateServiceAgentMutation(), useUpdateServiceAgentMutation());
  const form = useForm(() => initialValues(widget, t('common:widgetWelcome')), {
    codeFields: { NAME_TAKEN: 'client_name' },
  });
  const choices = useAreaChoices(widget);
  const { values, set } = form;
  const badHost = hostsOf(values.hosts).find((h) => !widgetHostField.safeParse(h).success);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(serviceAgentInputSchema, {
      client_name: values.client_name,
      fg_color: values.fg_color,
      bg_color: values.bg_color,
      target_areas: values.target_areas,
      allowed_hosts: hostsOf(values.hosts),
      status: values.status,
      welcome_message: values.welcome_message,
      daily_message_quota: values.daily_message_quota.trim()
        ? Number(values.daily_message_quota)
        : Number.NaN,
    });
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const body = checked.data;
      const saved = await saving.save(widget?.id, { create: body, update: body }, (w) =>
        t(widget ? 'updated' : 'created', { name: w.client_name }),
      );
      void navigate(links.view(saved.client_id));
    } catch (e) {
      form.fail(e);
    }
  }

  const hostsError = form.error('allowed_hosts');
  return (
    <CRow className="g-4">
      <CCol lg={7}>
        <SectionCard>
          <FormError error={form.serverError} />
          <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
            <FormField
              label={t('fields.name')}
              maxLength={WIDGET_NAME_MAX}
              required
              {...form.text('client_name')}
            />
            <TargetAreasField
              choices={choices}
              value={values.target_areas}
              onChange={(ids) => set('target_areas', ids)}
              error={form.error('target_areas')}
            />
            <TextareaField
              label={t('fields.allowedHosts')}
              rows={3}
              spellCheck={false}
              hint={t('allowedHostsHint')}
              {...form.text('hosts')}
              error={
                hostsError && badHost
                  ? t('badHost', { host: badHost, reason: hostsError })
                  : hostsError
              }
            />
            <CRow>
              <CCol sm={6}>
                <ColourField
                  label={t('fields.bgColor')}
                  name="bg_color"
                  value={values.bg_color}
                  onChange={(v) => set('bg_color', v)}
                  error={form.error('bg_color')}
                />
              </CCol>
              <CCol sm={6}>
                <ColourField
                  label={t('fields.fgColor')}
                  name="fg_color"
                  value={values.fg_color}
                  onChange={(v) => set('fg_color', v)}
                  error={form.error('fg_color')}
                />
              </CCol>
            </CRow>
            <TextareaField
              label={t('fields.welcomeMessage')}
              maxLength={WELCOME_MESSAGE_MAX}
              {...form.text('welcome_message')}
            />
            <FormField
              label={t('fields.dailyQuota')}
              type="number"
              min={1}
              max={WIDGET_QUOTA_MAX}
              hint={t('dailyQuotaHint')}
              {...form.text('daily_message_quota')}
            />
            <CFormSwitch
              id="service-agent-status"
              className="mb-3"
              label={t('fields.active')}
              checked={values.status}
              onChange={(e) => set('status', e.target.checked)}
            />
            <FormActions
              submit={t(widget ? 'save' : 'create')}
              busy={saving.busy}
              back={{
                to: widget ? links.view(widget.client_id) : links.list,
                text: t('common:cancel'),
              }}
            />
          </CForm>
        </SectionCard>
      </CCol>
      <CCol lg={5}>
        <SectionCard>
          <WidgetPreview
            name={values.client_name}
            fg={values.fg_color}
            bg={values.bg_color}
            welcome={values.welcome_message}
          />
        </SectionCard>
      </CCol>
    </CRow>
  );
}
