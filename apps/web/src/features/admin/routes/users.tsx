import type { AdminUser } from '@compliance/shared/account';
import { useQuery } from '@tanstack/react-query';
import { MoreHorizontal, Search, ShieldAlert, Trash2, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useAdminUsers, useDeleteAdminUser, useUpdateAdminUser } from '../api/users.ts';

export const handle = { title: 'common:pages.adminUsers.title' } satisfies RouteHandle;

const PAGE_SIZE = 20;

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation(['admin-users', 'errors']);
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const [confirming, setConfirming] = useState(false);
  const [confirmingSelfDemotion, setConfirmingSelfDemotion] = useState(false);
  const onError = (error: unknown) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
  const change = (input: { role?: 'user' | 'admin'; status?: 'active' | 'disabled'; confirmSelf?: boolean }) =>
    update.mutate(
      { id: user.id, ...input },
      {
        onSuccess: () => {
          setConfirmingSelfDemotion(false);
          toast.add({ title: t('admin-users:updated'), color: 'success' });
        },
        onError,
      },
    );
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            color="neutral"
            icon={MoreHorizontal}
            aria-label={t('admin-users:actionsFor', { name: fullName(user) })}
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.role === 'admin' ? (
            <DropdownMenuItem onSelect={() => (isSelf ? setConfirmingSelfDemotion(true) : change({ role: 'user' }))}>
              {t('admin-users:demote')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => change({ role: 'admin' })}>{t('admin-users:promote')}</DropdownMenuItem>
          )}
          {isSelf ? null : user.status === 'active' ? (
            <DropdownMenuItem onSelect={() => change({ status: 'disabled' })}>
              {t('admin-users:disable')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => change({ status: 'active' })}>{t('admin-users:enable')}</DropdownMenuItem>
          )}
          {isSelf ? null : (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem color="danger" icon={Trash2} onSelect={() => setConfirming(true)}>
                {t('admin-users:delete')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmingSelfDemotion}
        onOpenChange={setConfirmingSelfDemotion}
        title={t('admin-users:demoteSelfTitle')}
        description={t('admin-users:demoteSelfDescription')}
        confirmLabel={t('admin-users:confirmDemoteSelf')}
        pending={update.isPending}
        onConfirm={() => change({ role: 'user', confirmSelf: true })}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin-users:deleteTitle', { name: fullName(user) })}
        description={t('admin-users:deleteDescription')}
        confirmLabel={t('admin-users:confirmDelete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.add({ title: t('admin-users:deleted'), color: 'success' });
            },
            onError,
          })
        }
      />
    </>
  );
}

/** User administration (admin layout, /admin/users): search, paging, roles, status, deletion. */
export function Component() {
  const { t, i18n } = useTranslation(['common', 'admin-users', 'errors']);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const users = useAdminUsers({ search: deferredSearch, page, pageSize: PAGE_SIZE });
  const session = useQuery(sessionQueryOptions());
  const selfId = session.data?.user.id;

  if (users.isError && isApiError(users.error) && users.error.status === 403) {
    return (
      <>
        <PageHeader title={t('common:pages.adminUsers.title')} />
        <EmptyState
          icon={ShieldAlert}
          title={t('admin-users:forbiddenTitle')}
          description={t('admin-users:forbiddenDescription')}
        />
      </>
    );
  }

  const total = users.data?.total ?? 0;
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return (
    <>
      <PageHeader title={t('common:pages.adminUsers.title')} description={t('common:pages.adminUsers.description')} />
      <div className="mb-4 max-w-sm">
        <FormField label={t('admin-users:search')} hideLabel>
          <Input
            type="search"
            icon={Search}
            placeholder={t('admin-users:searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FormField>
      </div>
      {users.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(users.error))}
        </p>
      ) : users.data.users.length === 0 ? (
        <EmptyState icon={Users} title={t('admin-users:empty')} />
      ) : (
        <>
          <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white sm:hidden">
            {users.data.users.map((user) => (
              <li key={user.id} className="flex items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-neutral-900">
                    {fullName(user)}
                    {user.id === selfId ? (
                      <span className="ml-2 text-xs text-neutral-500">({t('admin-users:you')})</span>
                    ) : null}
                  </p>
                  <p className="text-xs break-all text-neutral-600">{user.email}</p>
                  <div className="mt-2 flex flex-wrap gap-1">
                    <Badge color={user.role === 'admin' ? 'accent' : 'neutral'}>
                      {t(`admin-users:roles.${user.role}`)}
                    </Badge>
                    <Badge color={user.status === 'active' ? 'success' : 'danger'}>
                      {t(`admin-users:status.${user.status}`)}
                    </Badge>
                    {user.emailVerified ? null : <Badge color="warning">{t('admin-users:status.unverified')}</Badge>}
                  </div>
                </div>
                <UserActions user={user} isSelf={user.id === selfId} />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white sm:block">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('admin-users:columns.user')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('admin-users:columns.company')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('admin-users:columns.role')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('admin-users:columns.status')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('admin-users:columns.lastSeen')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    <span className="sr-only">{t('admin-users:columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {users.data.users.map((user) => (
                  <tr key={user.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-neutral-900">
                        {fullName(user)}
                        {user.id === selfId ? (
                          <span className="ml-2 text-xs text-neutral-500">({t('admin-users:you')})</span>
                        ) : null}
                      </p>
                      <p className="text-xs text-neutral-600">{user.email}</p>
                    </td>
                    <td className="px-4 py-3 text-neutral-700">{user.companyName}</td>
                    <td className="px-4 py-3">
                      <Badge color={user.role === 'admin' ? 'accent' : 'neutral'}>
                        {t(`admin-users:roles.${user.role}`)}
                      </Badge>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap gap-1">
                        <Badge color={user.status === 'active' ? 'success' : 'danger'}>
                          {t(`admin-users:status.${user.status}`)}
                        </Badge>
                        {user.emailVerified ? null : (
                          <Badge color="warning">{t('admin-users:status.unverified')}</Badge>
                        )}
                      </div>
                    </td>
                    <td className="px-4 py-3 text-neutral-700">
                      {user.lastSeenAt
                        ? formatDate(user.lastSeenAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
                        : t('admin-users:never')}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <UserActions user={user} isSelf={user.id === selfId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {total > 0 ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-neutral-600">
          <span>{t('admin-users:pageInfo', { from, to, total })}</span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              color="neutral"
              disabled={page <= 1}
              onClick={() => setPage((value) => value - 1)}
            >
              {t('admin-users:previous')}
            </Button>
            <Button
              variant="outline"
              color="neutral"
              disabled={to >= total}
              onClick={() => setPage((value) => value + 1)}
            >
              {t('admin-users:next')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
