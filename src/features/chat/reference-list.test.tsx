import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referenceFixture } from './chat-test-kit';
import { ReferenceList } from './reference-list';

describe('the references of an answer', () => {
  it('when a quoted web page has a title, then the title names it and its address follows', () => {
    render(
      <ReferenceList
        references={[
          referenceFixture({
            document_name: 'https://docs.example.org/guide.html',
            document_title: 'Installation guide',
            is_url: true,
            page: null,
            heading: 'Installation guide',
          }),
        ]}
        onOpen={() => undefined}
      />,
    );
    const item = screen.getByTestId('chat-reference');
    expect(item).toHaveTextContent('Installation guide');
    expect(item).toHaveTextContent('https://docs.example.org/guide.html');
    // The heading that only repeats the title is not shown twice.
    expect(item.textContent?.match(/Installation guide/g)).toHaveLength(1);
  });

  it('when a document has no title, then its file name names it', () => {
    render(
      <ReferenceList
        references={[referenceFixture({ document_name: 'handbook.pdf', document_title: null })]}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByTestId('chat-reference')).toHaveTextContent('handbook.pdf');
  });
});
