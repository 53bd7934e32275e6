/**
 * Assistant answers as Markdown, rendered safely: react-markdown builds React elements (never
 * innerHTML), raw HTML in the text is not interpreted (no rehype-raw) but shown as the literal
 * text it is — answers quote documents, and "<MIME>/packages/" or "<tenant>" must reach the
 * reader whole, not vanish as an unknown tag — and link addresses other than http(s), mailto
 * and in-page anchors are dropped by its URL filter. Citations [n] become
 * buttons that open the cited source. Loaded lazily with the first answer (markdown-view.tsx).
 */
import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const CITATION = /\[(\d{1,3})\](?!\(|:)/g;
const CITE_PREFIX = '#cite-';

export interface MarkdownRendererProps {
  text: string;
  /** Citation numbers that have a reference; others stay plain text. */
  citations: number[];
  onCite: (n: number) => void;
  citeLabel: (n: number) => string;
}

/** `[2]` -> a link to #cite-2 when reference 2 exists; code spans and blocks are left alone. */
export function linkCitations(text: string, citations: number[]): string {
  if (citations.length === 0) return text;
  const known = new Set(citations);
  return text
    .split(/(```[\s\S]*?```|`[^`\n]*`)/g)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(CITATION, (whole, n: string) =>
            known.has(Number(n)) ? `[\\[${n}\\]](${CITE_PREFIX}${n})` : whole,
          ),
    )
    .join('');
}

function safeUrl(url: string): string {
  return url.startsWith(CITE_PREFIX) ? url : defaultUrlTransform(url);
}

export default function MarkdownRenderer({
  text,
  citations,
  onCite,
  citeLabel,
}: MarkdownRendererProps) {
  const components: Components = {
    a: ({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) => {
      if (href?.startsWith(CITE_PREFIX)) {
        const n = Number(href.slice(CITE_PREFIX.length));
        return (
          <button
            type="button"
            className="btn btn-link p-0 align-baseline chat-citation"
            aria-label={citeLabel(n)}
            onClick={() => onCite(n)}
          >
            {children}
          </button>
        );
      }
      if (!href) return <span>{children}</span>;
      return (
        <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    // Images in an answer could load anything from anywhere; show their text instead.
    img: ({ alt }) => <span>{alt}</span>,
  };
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {linkCitations(text, citations)}
      </Markdown>
    </div>
  );
}
