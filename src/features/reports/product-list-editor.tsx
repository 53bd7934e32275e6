import { useState } from 'react';
import { CButton, CCard, CCardBody, CCardHeader, CFormLabel, CFormTextarea } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME_MAX, PRODUCTS_MAX } from '@contract/reports';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useCan } from '@/lib/session/use-can';
import { useReportProductsQuery, useSaveReportProductsMutation } from './reports-api';

/**
 * The product names the sentiment dashboard looks for in questions and answers, besides the SOP
 * product types (found on the server); editable with Reports.UPDATE, one name a line.
 */
export function ProductListEditor({ onSaved }: { onSaved: () => void }) {
  const can = useCan();
  const allowed = can.right('Reports', 'UPDATE');
  const list = useReportProductsQuery(undefined, { skip: !allowed });
  if (!allowed || !list.data) return null;
  return <Editor initial={list.data.items.map((p) => p.name).join('\n')} onSaved={onSaved} />;
}

function Editor({ initial, onSaved }: { initial: string; onSaved: () => void }) {
  const { t } = useTranslation(['reports', 'errors']);
  const [save, saving] = useSaveReportProductsMutation();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = async () => {
    const names = text
      .split('\n')
      .map((n) => n.trim())
      .filter(Boolean);
    setSaved(false);
    if (names.length > PRODUCTS_MAX)
      return setProblem(t('reports:productList.tooMany', { max: PRODUCTS_MAX }));
    if (names.some((n) => n.length > PRODUCT_NAME_MAX))
      return setProblem(t('reports:productList.tooLong', { max: PRODUCT_NAME_MAX }));
    setProblem('');
    try {
      await save(names).unwrap();
      setSaved(true);
      onSaved();
    } catch (error) {
      setProblem(errorText(t, toApiErrorData(error)));
    }
  };

  return (
    <CCard>
      <CCardHeader as="h2" className="h6 mb-0">
        {t('reports:productList.title')}
      </CCardHeader>
      <CCardBody>
        <CFormLabel htmlFor="report-product-list">{t('reports:productList.label')}</CFormLabel>
        <CFormTextarea
          id="report-product-list"
          rows={5}
          value={text}
          invalid={Boolean(problem)}
          aria-describedby="report-product-list-hint report-product-list-state"
          onChange={(e) => setText(e.target.value)}
        />
        <div id="report-product-list-hint" className="form-text">
          {t('reports:productList.sopHint')}
        </div>
        <div id="report-product-list-state" className="small mt-1" role="status">
          {problem ? (
            <span className="text-danger">{problem}</span>
          ) : saved ? (
            t('reports:productList.saved')
          ) : (
            ''
          )}
        </div>
        <CButton
          color="primary"
          className="mt-2"
          disabled={saving.isLoading}
          onClick={() => void submit()}
        >
          {t('reports:productList.save')}
        </CButton>
      </CCardBody>
    </CCard>
  );
}
