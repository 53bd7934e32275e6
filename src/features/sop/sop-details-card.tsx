import { CButton, CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { departmentScope, inScope } from '@contract/access';
import type { SopDocument } from '@contract/sop';
import { DetailList } from '@/components/record-details';
import { sopLookupText } from '@/lib/seeded-text';
import { useCan } from '@/lib/session/use-can';
import { SopDetailsDialog } from './sop-details-dialog';

/**
 * An SOP's details on its page, with Edit for those who may change SOPs in its department
 * (Sop.UPDATE there, the server's rule).
 */
export function SopDetailsCard({ doc }: { doc: SopDocument }) {
  const { t } = useTranslation('sop');
  const { subject } = useCan();
  const [editing, setEditing] = useState(false);
  const mayEdit =
    subject !== null && inScope(departmentScope(subject, 'Sop', 'UPDATE'), doc.department_id);
  return (
    <CCard className="mb-3" data-testid="sop-details">
      <CCardHeader className="d-flex align-items-center gap-2">
        <h2 className="h6 mb-0">{t('detailsTitle')}</h2>
        {mayEdit && (
          <CButton
            size="sm"
            color="primary"
            className="ms-auto"
            aria-label={t('detailsEditNamed', { name: doc.name })}
            onClick={() => setEditing(true)}
          >
            {t('detailsEdit')}
          </CButton>
        )}
      </CCardHeader>
      <CCardBody>
        <DetailList
          items={[
            [t('fields.name'), doc.name],
            [t('fields.department'), doc.department_name],
            [t('fields.client'), doc.client_name],
            [t('fields.industry'), sopLookupText(t, 'industries', doc.industry)],
            [t('fields.productType'), sopLookupText(t, 'products', doc.product_type)],
          ]}
        />
      </CCardBody>
      {editing && <SopDetailsDialog doc={doc} onClose={() => setEditing(false)} />}
    </CCard>
  );
}
