/**
 * A Copy button for a text shown beside it, with a spoken status: copied, or why not (the
 * clipboard is refused outside secure origins and by some browsers' settings; the text stays
 * on screen to select by hand).
 */
import { useState } from 'react';
import { CButton } from '@coreui/react';

interface CopyTexts {
  copy: string;
  copied: string;
  failed: string;
  /** What the status line says before a copy, if anything. */
  idle?: string;
}

export function CopyButton({
  text,
  texts,
  label,
}: {
  text: string;
  texts: CopyTexts;
  /** The button's accessible name when "Copy" alone would be ambiguous on the screen. */
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <CButton color="primary" variant="outline" aria-label={label} onClick={() => void onCopy()}>
        {texts.copy}
      </CButton>
      <span className="small" role="status">
        {state === 'copied' ? texts.copied : state === 'failed' ? texts.failed : texts.idle}
      </span>
    </div>
  );
}
