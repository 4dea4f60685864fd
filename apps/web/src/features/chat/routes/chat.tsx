import type { StreamMeta } from '@compliance/shared/chat';
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
  const started = (meta: StreamMeta) => {
    if (meta.conversationId) setSearchParams({ [CONVERSATION_PARAM]: meta.conversationId }, { replace: true });
  };
  return (
    <div className="flex min-h-0 w-full flex-1 flex-col">
      <h1 className="sr-only">{t('common:pages.chat.title')}</h1>
      <ChatView mode="account" conversationId={conversationId} onConversationStarted={started} />
    </div>
  );
}
