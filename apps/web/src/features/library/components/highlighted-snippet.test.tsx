import { SNIPPET_MARK_END as END, SNIPPET_MARK_START as START } from '@compliance/shared/documents';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

describe('HighlightedSnippet', () => {
  it('marks the matches and renders document text as text, never as HTML', () => {
    const { container } = render(
      <p>
        <HighlightedSnippet
          snippet={`<img src=x onerror=alert(1)> the ${START}beneficial${END} owner ${START}<b>x</b>${END}`}
        />
      </p>,
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['beneficial', '<b>x</b>']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
