/**
 * The snippet a website owner pastes into their pages: one script tag served by this
 * console, with the widget's key and its colours (the launcher draws before anything loads).
 */
import { useState } from 'react';
import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { EMBED_SCRIPT_PATH } from '@contract/widget-session';
import type { ServiceAgent } from '@contract/service-agent';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `<script src="<origin>/widget.js" data-key="…" data-fg="…" data-bg="…" async></script>` */
function embedSnippet(
  origin: string,
  widget: Pick<ServiceAgent, 'client_id' | 'fg_color' | 'bg_color'>,
): string {
  return (
    `<script src="${attr(origin)}${EMBED_SCRIPT_PATH}" data-key="${attr(widget.client_id)}"` +
    ` data-fg="${attr(widget.fg_color)}" data-bg="${attr(widget.bg_color)}" async></script>`
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

export function EmbedSnippet({ widget }: { widget: ServiceAgent }) {
  const { t } = useTranslation('service-agent');
  const [copy, setCopy] = useState<CopyState>('idle');
  const snippet = embedSnippet(window.location.origin, widget);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <>
      <p>{t('embed.intro')}</p>
      <pre className="embed-snippet" data-testid="embed-snippet">
        <code>{snippet}</code>
      </pre>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <CButton color="primary" onClick={() => void onCopy()}>
          {t('embed.copy')}
        </CButton>
        <span className="small" role="status">
          {copy === 'copied' && t('embed.copied')}
          {copy === 'failed' && t('embed.copyFailed')}
        </span>
      </div>
      <p className="small text-body-secondary mt-3 mb-0">
        {t(widget.status ? 'embed.hostsRule' : 'embed.switchedOff', {
          hosts: widget.allowed_hosts.join(', '),
        })}
      </p>
    </>
  );
}
