import type { ComponentProps } from 'react';
import { CButton } from '@coreui/react';

type CButtonProps = Omit<ComponentProps<typeof CButton>, 'color' | 'variant'>;

type Tone = 'danger' | 'warning';

/**
 * An outline button for destructive or risky actions. Its colours, readable in either theme, come
 * from the global stylesheet's outline rules (src/app/styles/coreui.scss), as every outline
 * button's do.
 */
export function ToneButton({ tone, ...props }: CButtonProps & { tone: Tone }) {
  return <CButton color={tone} variant="outline" {...props} />;
}
