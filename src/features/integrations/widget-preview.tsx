/**
 * The live preview of a chat widget while it is edited: the launcher button and the
 * open chat's header and welcome message in the chosen colours, drawn as the visitor will see
 * them, with a warning when text and background are too close for easy reading (WCAG AA).
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/numbers';
import { contrastRatio, isHexColour } from './colour';

const FALLBACK = { fg: '#ffffff', bg: '#321fdb' };

export function WidgetPreview({
  name,
  fg,
  bg,
  welcome,
}: {
  name: string;
  fg: string;
  bg: string;
  welcome: string;
}) {
  const { t, i18n } = useTranslation('service-agent');
  const text = isHexColour(fg) ? fg : FALLBACK.fg;
  const back = isHexColour(bg) ? bg : FALLBACK.bg;
  const ratio = contrastRatio(text, back);
  const colours: CSSProperties = { color: text, background: back };
  return (
    <figure className="widget-preview mb-0" aria-labelledby="widget-preview-caption">
      <figcaption id="widget-preview-caption" className="fw-semibold mb-2">
        {t('preview.heading')}
      </figcaption>
      <div className="widget-preview-window" data-testid="widget-preview">
        <div className="widget-preview-header" style={colours}>
          {name.trim() || t('preview.untitled')}
        </div>
        <div className="widget-preview-body">
          {/* An empty welcome greets each visitor in their own language (common:widgetWelcome). */}
          <div className="widget-preview-bubble widget-preview-welcome" dir="auto">
            {welcome.trim() || t('common:widgetWelcome')}
          </div>
          <div className="widget-preview-bubble widget-preview-own" style={colours}>
            {t('preview.sampleQuestion')}
          </div>
        </div>
      </div>
      <div className="d-flex align-items-center gap-2 mt-2">
        <span className="widget-preview-launcher" style={colours} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
            <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
          </svg>
        </span>
        <span className="small text-body-secondary">{t('preview.launcher')}</span>
      </div>
      {ratio < 4.5 && (
        <p className="small text-warning-emphasis mt-2 mb-0" role="status">
          {t('preview.lowContrast', { ratio: formatNumber(ratio, i18n.language, { digits: 1 }) })}
        </p>
      )}
    </figure>
  );
}
