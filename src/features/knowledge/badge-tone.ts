/**
 * Badge colours that keep WCAG AA contrast in both themes: CoreUI's solid success / info badges
 * put white text on light green and cyan (axe flags them), the subtle background with the
 * emphasis text colour does not.
 */
export type Tone = 'success' | 'danger' | 'info' | 'secondary';

export function badgeTone(tone: Tone): string {
  return `bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle`;
}
