import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { paths } from '@/config/paths.ts';
import { useStoredUserName } from '@/lib/auth-token.ts';

/** The account menu in the top bar: avatar with initials; Profile, Settings, Sign out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const storedName = useStoredUserName();
  const name = storedName ?? t('common:userMenu.defaultName');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('common:userMenu.open', { name })}
        className="inline-flex items-center gap-1.5 rounded-full p-0.5 pr-1.5 text-neutral-600 transition-colors hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100"
      >
        <Avatar alt={name} size="sm" aria-hidden="true" />
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56">
        <DropdownMenuLabel className="normal-case tracking-normal">
          <span className="block text-xs font-normal text-neutral-500">{t('common:userMenu.signedInAs')}</span>
          <span className="block truncate text-sm font-semibold text-neutral-900">{name}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={UserRound} onSelect={() => void navigate(paths.app.profile.getHref())}>
          {t('common:userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem icon={Settings} onSelect={() => void navigate(paths.app.settings.getHref())}>
          {t('common:userMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={LogOut} onSelect={() => void navigate(paths.auth.logout.getHref())}>
          {t('common:userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
