/**
 * The lazy door to the Markdown renderer: its parser is only downloaded with the first answer.
 * Until it is there the answer shows as plain text, so nothing waits on it.
 */
import { lazy, Suspense } from 'react';
import type { MarkdownRendererProps } from './markdown-renderer';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

export function MarkdownView(props: MarkdownRendererProps) {
  return (
    <Suspense fallback={<div className="chat-plain-text">{props.text}</div>}>
      <MarkdownRenderer {...props} />
    </Suspense>
  );
}
