import { useId } from 'react';
import { CCol, CFormLabel, CFormSelect, CFormSwitch, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatModel } from '@contract/chat';
import { useLibDispatch } from '@/lib/store-types';
import { modelLabel } from './model-label';
import { departmentChosen, modelChosen, toggleChanged } from './chat-slice';
import { TOGGLE_KEYS, type ChatState } from './chat-state';
import type { DepartmentRef as DepartmentChoice } from '@/lib/session/assignable';

/** Model, department (unless multi-source) and the eight SPEC §3 toggles. */
export function ChatSettings({
  chat,
  models,
  modelsState,
  departments,
}: {
  chat: ChatState;
  models: ChatModel[];
  modelsState: 'loading' | 'failed' | 'ready';
  departments: DepartmentChoice[];
}) {
  const { t } = useTranslation('chat');
  const dispatch = useLibDispatch();
  const modelId = useId();
  const departmentId = useId();
  const offered = models.some((m) => m.id === chat.selectedModel);

  return (
    <section className="chat-settings" aria-label={t('settings.heading')}>
      <CRow className="g-2 align-items-end">
        <CCol sm={6}>
          <CFormLabel htmlFor={modelId} className="small mb-1">
            {t('settings.model')}
          </CFormLabel>
          <CFormSelect
            id={modelId}
            size="sm"
            value={chat.selectedModel}
            disabled={modelsState !== 'ready'}
            onChange={(e) => dispatch(modelChosen(e.target.value))}
          >
            {modelsState === 'loading' && (
              <option value={chat.selectedModel}>{t('settings.modelsLoading')}</option>
            )}
            {modelsState === 'failed' && (
              <option value={chat.selectedModel}>{t('settings.modelsFailed')}</option>
            )}
            {modelsState === 'ready' && !offered && (
              <option value={chat.selectedModel}>{chat.selectedModel}</option>
            )}
            {models.map((m) => (
              <option key={m.id} value={m.id} dir="auto">
                {modelLabel(t, m.id, models)}
              </option>
            ))}
          </CFormSelect>
        </CCol>
        <CCol sm={6}>
          {chat.toggles.multiSource ? (
            <p className="small text-body-secondary mb-1">{t('settings.allDepartments')}</p>
          ) : (
            departments.length > 0 && (
              <>
                <CFormLabel htmlFor={departmentId} className="small mb-1">
                  {t('settings.department')}
                </CFormLabel>
                <CFormSelect
                  id={departmentId}
                  size="sm"
                  value={chat.departmentId ?? ''}
                  onChange={(e) => dispatch(departmentChosen(Number(e.target.value)))}
                >
                  {departments.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </CFormSelect>
              </>
            )
          )}
        </CCol>
      </CRow>
      <div className="chat-toggles mt-2">
        {TOGGLE_KEYS.map((key) => (
          <CFormSwitch
            key={key}
            id={`chat-toggle-${key}`}
            label={t(`toggles.${key}`)}
            title={t(`toggleHints.${key}`)}
            checked={chat.toggles[key]}
            onChange={(e) => dispatch(toggleChanged({ key, on: e.target.checked }))}
          />
        ))}
      </div>
    </section>
  );
}
