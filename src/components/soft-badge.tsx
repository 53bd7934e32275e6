import type { ReactNode } from 'react';

export type SoftTone = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';

/**
 * A badge in the theme's subtle colours: CoreUI's solid success, danger, warning and info badges
 * put white text on colours too light for WCAG AA contrast (axe flags them); the subtle pair
 * (`bg-*-subtle` + `text-*-emphasis`) passes in the light and the dark theme.
 */
export function SoftBadge({ tone, children }: { tone: SoftTone; children: ReactNode }) {
  return (
    <span className={`badge border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle`}>
      {children}
    </span>
  );
}
