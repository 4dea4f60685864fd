import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '@/testing/test-utils.tsx';
import { Composer } from './composer.tsx';

/**
 * The composer with its draft and streaming state kept as the chat view keeps them. `streaming`
 * is where the answer starts; `onReady` hands the test a way to end it, as the server would.
 */
function TestComposer({
  onSubmit,
  onReady,
  streaming: startsStreaming = false,
  initialDraft = '',
  preparing = false,
}: {
  onSubmit: () => void;
  onReady?: (end: () => void) => void;
  streaming?: boolean;
  initialDraft?: string;
  preparing?: boolean;
}) {
  const [streaming, setStreaming] = useState(startsStreaming);
  useEffect(() => onReady?.(() => setStreaming(false)), [onReady]);
  const [draft, setDraft] = useState(initialDraft);
  return (
    <Composer
      archived={false}
      draft={draft}
      onDraftChange={setDraft}
      onSubmit={onSubmit}
      onStop={() => setStreaming(false)}
      streaming={streaming}
      preparing={preparing}
      error={null}
    />
  );
}

describe('Composer', () => {
  it('Stop ends the answer without sending the empty question (the Send button appears, nothing is submitted)', async () => {
    setupTestI18n();
    const onSubmit = vi.fn();
    render(<TestComposer streaming onSubmit={onSubmit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an answer that ends while the Stop button is held down submits nothing when it is released', async () => {
    setupTestI18n();
    const onSubmit = vi.fn();
    let endStream = () => {};
    render(<TestComposer streaming onSubmit={onSubmit} onReady={(end) => (endStream = end)} />);
    const user = userEvent.setup();
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Stop' }) });
    act(() => endStream());
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button', { name: 'Send' }) });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a second click on the same spot right after Stop (where Send now is) sends nothing and shows no error', async () => {
    setupTestI18n();
    const onSubmit = vi.fn();
    render(<TestComposer streaming onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.dblClick(screen.getByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends on Enter and keeps Shift+Enter for a new line', async () => {
    setupTestI18n();
    const onSubmit = vi.fn();
    render(<TestComposer onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox');
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(box, '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('waits, busy, while the assistant is still loading: neither Enter nor Send submits, then both do', async () => {
    setupTestI18n();
    const onSubmit = vi.fn();
    const question = 'Who must report to MROS?';
    const { rerender } = render(<TestComposer onSubmit={onSubmit} initialDraft={question} preparing />);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('aria-busy', 'true');
    await user.type(screen.getByRole('textbox'), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(<TestComposer onSubmit={onSubmit} initialDraft={question} preparing={false} />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
