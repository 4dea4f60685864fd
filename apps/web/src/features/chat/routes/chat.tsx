import type { StreamMeta } from '@compliance/shared/chat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { ChatView } from '../components/chat-view.tsx';
import { CONVERSATION_PARAM } from '../components/conversation-list.tsx';

export const handle = { title: 'common:pages.chat.title' } satisfies RouteHandle;

/** The chat with an assistant picker (assistant layout, /chat; `?c=<id>` opens a conversation). */
export function Component() {
  const { t } = useTranslation('common');
  const [searchParams, setSearchParams] = useSearchParams();
  const conversationId = searchParams.get(CONVERSATION_PARAM);
  // A prompt filled in the library arrives as ?prompt=<text>&promptRun=<id>: it becomes the draft
  // (taken once), and the parameters leave the address.
  const [initialDraft] = useState(() => {
    const text = searchParams.get('prompt');
    return text ? { text, promptRunId: searchParams.get('promptRun') } : null;
  });
  useEffect(() => {
    if (!searchParams.has('prompt')) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('prompt');
        next.delete('promptRun');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  const started = (meta: StreamMeta) => {
    if (meta.conversationId) setSearchParams({ [CONVERSATION_PARAM]: meta.conversationId }, { replace: true });
  };
  return (
    <div className="flex min-h-0 w-full flex-1 flex-col">
      <h1 className="sr-only">{t('common:pages.chat.title')}</h1>
      <ChatView
        mode="account"
        conversationId={conversationId}
        onConversationStarted={started}
        initialDraft={initialDraft}
      />
    </div>
  );
}
