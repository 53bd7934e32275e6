import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';

interface ConfirmModalProps {
  visible: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'danger' | 'warning';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog; CoreUI's modal traps focus and closes on Escape. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <CModal
      visible={props.visible}
      onClose={props.onCancel}
      alignment="center"
      aria-labelledby={titleId}
    >
      <CModalHeader>
        <CModalTitle id={titleId}>{props.title}</CModalTitle>
      </CModalHeader>
      <CModalBody>{props.message}</CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={props.onCancel}>
          {t('cancel')}
        </CButton>
        <CButton
          color={props.confirmColor ?? 'primary'}
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.confirmLabel ?? t('confirm')}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
