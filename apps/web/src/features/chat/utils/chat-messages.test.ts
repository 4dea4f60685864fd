import type { ChatMessage, Citation } from '@compliance/shared/chat';
import { describe, expect, it } from 'vitest';
import { chatMessagesReducer, toUiMessages, type ChatAction, type UiMessage } from './chat-messages.ts';

const citation: Citation = {
  number: 1,
  kind: 'document',
  documentId: '00000000-0000-4000-8000-000000000001',
  title: 'AMLA',
  page: 3,
  quote: 'Financial intermediaries must verify the identity of the customer.',
  href: '/documents/00000000-0000-4000-8000-000000000001?page=3',
};

function run(actions: ChatAction[], start: UiMessage[] = []): UiMessage[] {
  return actions.reduce(chatMessagesReducer, start);
}

const question = (id: string, content: string): UiMessage => ({
  id,
  role: 'user',
  content,
  citations: [],
  status: 'complete',
});
const answer = (id: string, content: string, status: UiMessage['status'] = 'complete'): UiMessage => ({
  id,
  role: 'assistant',
  content,
  citations: [],
  status,
});

describe('chatMessagesReducer', () => {
  it('send: shows the question and an empty streaming answer', () => {
    const messages = run([
      { type: 'requested', request: { type: 'start', question: 'What is CDD?' }, answerId: 'a1', questionId: 'q1' },
    ]);
    expect(messages).toEqual([question('q1', 'What is CDD?'), answer('a1', '', 'streaming')]);
  });

  it('stream: takes the server ids, appends deltas and citations, and ends complete', () => {
    const messages = run([
      { type: 'requested', request: { type: 'send', question: 'Who reports?' }, answerId: 'a1', questionId: 'q1' },
      { type: 'identified', answerId: 'a1', messageId: 'srv-a', userMessageId: 'srv-q' },
      { type: 'delta', answerId: 'srv-a', text: 'Financial intermediaries ' },
      { type: 'delta', answerId: 'srv-a', text: 'report to MROS [1].' },
      { type: 'citation', answerId: 'srv-a', citation },
      { type: 'done', answerId: 'srv-a', status: 'complete' },
    ]);
    expect(messages).toEqual([
      question('srv-q', 'Who reports?'),
      { ...answer('srv-a', 'Financial intermediaries report to MROS [1].'), citations: [citation] },
    ]);
  });

  it('stream: a question filled from a prompt shows its prompt as soon as the server names it', () => {
    const promptRun = { title: 'Client risk', version: 3, values: { country: 'Panama' } };
    const messages = run([
      { type: 'requested', request: { type: 'send', question: 'Assess Panama' }, answerId: 'a1', questionId: 'q1' },
      { type: 'identified', answerId: 'a1', messageId: 'srv-a', userMessageId: 'srv-q', promptRun },
    ]);
    expect(messages[0]).toEqual({ ...question('srv-q', 'Assess Panama'), promptRun });
  });

  it('stop: keeps what arrived and marks the answer stopped (a finished answer stays as it was)', () => {
    const stopped = run([
      { type: 'requested', request: { type: 'send', question: 'Q' }, answerId: 'a1', questionId: 'q1' },
      { type: 'delta', answerId: 'a1', text: 'Partial' },
      { type: 'stopped', answerId: 'a1' },
    ]);
    expect(stopped.at(-1)).toEqual(answer('a1', 'Partial', 'stopped'));
    const finished = run([{ type: 'stopped', answerId: 'a1' }], [answer('a1', 'Done')]);
    expect(finished).toEqual([answer('a1', 'Done')]);
  });

  it('edit: replaces the edited question and everything after it', () => {
    const history = [question('q1', 'First'), answer('a1', 'One'), question('q2', 'Second'), answer('a2', 'Two')];
    const messages = run(
      [
        {
          type: 'requested',
          request: { type: 'edit', messageId: 'q2', question: 'Second, better' },
          answerId: 'a3',
          questionId: 'q3',
        },
      ],
      history,
    );
    expect(messages).toEqual([
      question('q1', 'First'),
      answer('a1', 'One'),
      question('q3', 'Second, better'),
      answer('a3', '', 'streaming'),
    ]);
  });

  it('regenerate: answers the last question again in place of its answer', () => {
    const history = [question('q1', 'First'), answer('a1', 'One')];
    const messages = run(
      [{ type: 'requested', request: { type: 'regenerate' }, answerId: 'a2', questionId: 'unused' }],
      history,
    );
    expect(messages).toEqual([question('q1', 'First'), answer('a2', '', 'streaming')]);
  });

  it('error: marks the answer failed with its kind and code', () => {
    const messages = run([
      { type: 'requested', request: { type: 'send', question: 'Q' }, answerId: 'a1', questionId: 'q1' },
      { type: 'failed', answerId: 'a1', failure: { kind: 'rejected', code: 'TOKEN_QUOTA_EXCEEDED' } },
    ]);
    expect(messages.at(-1)).toMatchObject({
      status: 'error',
      failure: { kind: 'rejected', code: 'TOKEN_QUOTA_EXCEEDED' },
    });
  });

  it('retry: drops the failed answer and keeps the question already shown, without a duplicate', () => {
    const failed = run([
      { type: 'requested', request: { type: 'start', question: 'Q' }, answerId: 'a1', questionId: 'q1' },
      { type: 'failed', answerId: 'a1', failure: { kind: 'start' } },
    ]);
    const retried = run(
      [{ type: 'requested', request: { type: 'start', question: 'Q' }, answerId: 'a2', questionId: 'q2' }],
      failed,
    );
    expect(retried).toEqual([question('q1', 'Q'), answer('a2', '', 'streaming')]);
  });

  it('loaded and cleared: show a stored conversation, or none', () => {
    const stored = [question('q1', 'Stored'), answer('a1', 'Answer')];
    expect(run([{ type: 'loaded', messages: stored }])).toEqual(stored);
    expect(run([{ type: 'cleared' }], stored)).toEqual([]);
  });
});

describe('toUiMessages', () => {
  it('reads a stored failed answer by its code: one the server ended while stopping offers to ask again', () => {
    const stored = (errorCode: string | null) =>
      ({
        id: 'm1',
        role: 'assistant',
        content: 'Reports go',
        citations: [],
        status: 'error',
        errorCode,
        promptRun: null,
      }) as unknown as ChatMessage;
    const kinds = ['SERVER_RESTARTING', 'ASSISTANT_ERROR', 'STREAM_ERROR', null].map(
      (code) => toUiMessages([stored(code)])[0]?.failure?.kind,
    );
    expect(kinds).toEqual(['restarted', 'assistant', 'stream', 'stream']);
  });
});
