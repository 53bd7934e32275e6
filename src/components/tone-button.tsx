import type { ComponentProps, CSSProperties } from 'react';
import { CButton } from '@coreui/react';

type CButtonProps = Omit<ComponentProps<typeof CButton>, 'color' | 'variant'>;

type Tone = 'danger' | 'warning';

/**
 * An outline button for destructive or risky actions whose text keeps AA contrast: CoreUI's
 * outline danger and warning draw text in the plain theme colour (3.6:1 and 1.9:1 on white).
 * The border keeps the tone; text and hover use its darker emphasis shade.
 */
export function ToneButton({ tone, style, ...props }: CButtonProps & { tone: Tone }) {
  const vars = {
    '--cui-btn-color': `var(--cui-${tone}-text-emphasis)`,
    '--cui-btn-border-color': `var(--cui-${tone})`,
    '--cui-btn-hover-color': `var(--cui-${tone}-bg-subtle)`,
    '--cui-btn-hover-bg': `var(--cui-${tone}-text-emphasis)`,
    '--cui-btn-hover-border-color': `var(--cui-${tone}-text-emphasis)`,
    '--cui-btn-active-color': `var(--cui-${tone}-bg-subtle)`,
    '--cui-btn-active-bg': `var(--cui-${tone}-text-emphasis)`,
    '--cui-btn-active-border-color': `var(--cui-${tone}-text-emphasis)`,
  } as CSSProperties;
  return <CButton color={tone} variant="outline" style={{ ...vars, ...style }} {...props} />;
}
