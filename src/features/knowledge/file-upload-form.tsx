import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm } from '@coreui/react';
import { useSelector } from 'react-redux';

import { useTranslation } from 'react-i18next';

import { MAX_FILE_COUNT } from '@contract/constants';

import { useLibDispatch } from '@/lib/store-types';

import { SubmitButton } from '@/components/form-parts';

import { FileDropZone } from './file-drop-zone';

import { addToSelection } from './file-selection';

import type { DepartmentChoice } from './knowledge-access';

import { SelectedFiles, UploadedFiles } from './upload-file-list';

import { UploadOptions, useUploadOptions } from './upload-options';

import { UploadProblemAlert } from './upload-problem-alert';

import {
  filesCleared,
  filesProblemShown,
  selectUpload,
  uploadFiles,
  type FileToUpload,
} from './upload-slice';

interface Notices {
  wrongType: string[];
  overLimit: number;
}

/** Files mode of /upload: drop or pick up to 15 files, choose a department, send with progress. */
export function FileUploadForm({ departments }: { departments: DepartmentChoice[] }) {
  const { t } = useTranslation('knowledge');
  const dispatch = useLibDispatch();
  const upload = useSelector(selectUpload).files;
  const uploading = upload.status === 'loading';
  const [selected, setSelected] = useState<FileToUpload[]>([]);
  const [notices, setNotices] = useState<Notices>({ wrongType: [], overLimit: 0 });
  const options = useUploadOptions(departments);

  function add(files: readonly File[]) {
    if (files.length === 0) return;
    const result = addToSelection(selected, files);
    setSelected(result.selected);
    setNotices({ wrongType: result.wrongType, overLimit: result.overLimit });
    if (result.selected.length > 0) dispatch(filesProblemShown(null));
  }

  function remove(id: string) {
    setSelected((list) => list.filter((f) => f.id !== id));
    setNotices({ wrongType: [], overLimit: 0 });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const hasDepartment = options.checkDepartment();
    if (selected.length === 0) {
      dispatch(filesProblemShown({ kind: 'noFiles' }));
      return;
    }
    if (!hasDepartment) return;
    const files = selected;
    setSelected([]);
    setNotices({ wrongType: [], overLimit: 0 });
    await dispatch(
      uploadFiles({
        files,
        departmentId: Number(options.department),
        advancedTraining: options.advancedTraining,
        needSummary: options.needSummary,
      }),
    );
  }

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      <FileDropZone disabled={uploading} onFiles={add} />

      {notices.wrongType.length > 0 && (
        <CAlert color="warning" role="alert">
          {t('upload.wrongType', {
            count: notices.wrongType.length,
            names: notices.wrongType.join(', '),
          })}
        </CAlert>
      )}
      {notices.overLimit > 0 && (
        <CAlert color="warning" role="alert">
          {t('upload.tooMany', { max: MAX_FILE_COUNT, count: notices.overLimit })}
        </CAlert>
      )}
      <UploadProblemAlert
        problem={upload.problem}
        onClose={() => dispatch(filesProblemShown(null))}
      />

      {selected.length > 0 && (
        <>
          <h2 className="h6">{t('upload.selectedHeading', { count: selected.length })}</h2>
          <SelectedFiles files={selected} onRemove={remove} />
        </>
      )}

      <UploadOptions
        options={options}
        choices={departments}
        idPrefix="upload"
        summary
        disabled={uploading}
      />
      <div className="d-flex gap-2 mt-3">
        <SubmitButton busy={uploading}>{t('upload.submitFiles')}</SubmitButton>
        {!uploading && upload.items.length > 0 && (
          <CButton
            type="button"
            color="secondary"
            variant="outline"
            onClick={() => dispatch(filesCleared())}
          >
            {t('upload.clearResults')}
          </CButton>
        )}
      </div>

      {upload.items.length > 0 && (
        <section className="mt-4">
          <h2 className="h6">{t('upload.uploadsHeading')}</h2>
          <p role="status" className="small text-body-secondary">
            {uploading
              ? t('upload.inProgress', { count: upload.items.length })
              : t('upload.finished', {
                  succeeded: upload.items.filter((i) => i.status === 'Success').length,
                  failed: upload.items.filter((i) => i.status === 'Fail').length,
                })}
          </p>
          <UploadedFiles items={upload.items} />
        </section>
      )}
    </CForm>
  );
}
