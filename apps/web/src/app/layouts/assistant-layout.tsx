import { PanelLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { ConversationList } from '@/features/chat/components/conversation-list.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { AppShell } from '../chrome/app-shell.tsx';
import { userNavigation } from '../chrome/navigation.ts';

const PANEL_ID = 'conversation-panel';

/**
 * "assistant" (SPEC §2): the chat. The app shell with the whole content area for the conversation,
 * and a conversation list panel beside it (a slide-over on small screens). The chat issue fills the
 * panel with the real list.
 */
export function Component() {
  const { t } = useTranslation('common');
  const [panelOpen, setPanelOpen] = useState(false);

  return (
    <AppShell
      layout="assistant"
      navigation={userNavigation}
      navLabel="common:a11y.mainNavigation"
      homeHref={paths.app.dashboard.getHref()}
      content="fill"
    >
      <div className="relative flex min-h-0 flex-1">
        <aside
          id={PANEL_ID}
          aria-labelledby={`${PANEL_ID}-title`}
          className={cn(
            'w-72 max-w-[85vw] shrink-0 flex-col border-r border-neutral-200 bg-white',
            'md:static md:flex md:max-w-none',
            panelOpen ? 'absolute inset-y-0 left-0 z-10 flex shadow-xl' : 'hidden',
          )}
        >
          <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-neutral-200 px-4">
            <h2 id={`${PANEL_ID}-title`} className="text-sm font-semibold text-neutral-900">
              {t('common:assistant.conversations')}
            </h2>
            <CloseButton
              className="md:hidden"
              aria-label={t('common:assistant.hideConversations')}
              onClick={() => setPanelOpen(false)}
            />
          </div>
          <ConversationList onNavigate={() => setPanelOpen(false)} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex h-12 shrink-0 items-center border-b border-neutral-200 bg-white px-3 md:hidden">
            <Button
              variant="ghost"
              color="neutral"
              icon={PanelLeft}
              aria-expanded={panelOpen}
              aria-controls={PANEL_ID}
              onClick={() => setPanelOpen((open) => !open)}
            >
              {t('common:assistant.conversations')}
            </Button>
          </div>
          <div className="flex min-h-0 flex-1 flex-col px-4 py-4 sm:px-6 lg:px-8">
            <Outlet />
          </div>
        </div>
      </div>
    </AppShell>
  );
}
