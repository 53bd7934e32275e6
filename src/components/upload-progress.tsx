/** A file's upload in progress: a striped bar named for the file, and the percentage. */
export function UploadProgress(props: { progress: number; label: string; text: string }) {
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
        {props.text} {props.progress}%
      </span>
    </div>
  );
}
