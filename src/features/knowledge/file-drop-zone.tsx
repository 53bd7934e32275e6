import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_COUNT } from '@contract/constants';
import { UPLOAD_ACCEPT, UPLOAD_EXTENSIONS } from '@contract/knowledge';

/** Where files are dropped or picked (a labelled file input); nothing is taken while disabled. */
export function FileDropZone({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('knowledge');
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <div
      className={`knowledge-dropzone mb-3${dragging ? ' is-dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="dropzone"
    >
      <p className="mb-2">{t('upload.dropHere')}</p>
      <label htmlFor={inputId} className={`btn btn-outline-primary${disabled ? ' disabled' : ''}`}>
        {t('upload.chooseFiles')}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        className="visually-hidden"
        disabled={disabled}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <p className="form-text mb-0 mt-2">
        {t('upload.allowed', { types: UPLOAD_EXTENSIONS.join(', '), max: MAX_FILE_COUNT })}
      </p>
    </div>
  );
}
