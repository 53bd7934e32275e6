import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/numbers';

/** A file's upload in progress: a striped bar named for the file, and the percentage. */
export function UploadProgress(props: { progress: number; label: string; text: string }) {
  const { i18n } = useTranslation();
  return (
    <div className="d-flex align-items-center gap-2">
      <div
        className="progress flex-grow-1"
        role="progressbar"
        aria-label={props.label}
        aria-valuenow={props.progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="progress-bar progress-bar-striped progress-bar-animated"
          style={{ width: `${props.progress}%` }}
        />
      </div>
      <span className="small text-nowrap">
        {props.text} {formatPercent(props.progress, i18n.language, 0)}
      </span>
    </div>
  );
}
