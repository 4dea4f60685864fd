import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useAuthToken } from '@/lib/auth-token.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useAcceptCompanyInvitation } from '../api/accept-company-invitation.ts';
import { useInvitationPreview } from '../api/get-invitation-preview.ts';

export const handle = { title: 'onboarding:accept.title' } satisfies RouteHandle;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t('onboarding:accept.title')} description={t('onboarding:accept.description')} />
      <Card className="space-y-4 p-6">{children}</Card>
    </div>
  );
}

/** Signed out: sign in with the invited address, or create the account first; both come back here. */
function SignedOut({ here }: { here: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <Frame>
      <p className="text-sm text-neutral-700">{t('onboarding:accept.signedOut')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.auth.login.getHref(here)} className={buttonClasses({ size: 'md' })}>
          {t('onboarding:accept.signIn')}
        </Link>
        <Link
          to={`${paths.auth.signup.getHref()}?redirectTo=${encodeURIComponent(here)}`}
          className={buttonClasses({ size: 'md', variant: 'outline' })}
        >
          {t('onboarding:accept.createAccount')}
        </Link>
      </div>
      <p className="text-xs text-neutral-500">{t('onboarding:accept.newAccountHint')}</p>
    </Frame>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const navigate = useNavigate();
  const session = useQuery(sessionQueryOptions());
  const verified = session.data?.user.emailVerified === true;
  const preview = useInvitationPreview(token, { enabled: verified });
  const accept = useAcceptCompanyInvitation();

  if (session.isPending) return <Skeleton className="h-48" />;
  if (!session.data) return <SignedOut here={paths.onboarding.acceptInvitation.getHref(token)} />;
  if (!verified) {
    return (
      <Frame>
        <p className="text-sm text-neutral-700">{t('onboarding:accept.verifyFirst')}</p>
        <Link to={paths.auth.verifyEmail.getHref()} className={buttonClasses({ size: 'md' })}>
          {t('onboarding:accept.verify')}
        </Link>
      </Frame>
    );
  }
  if (preview.isPending) return <Skeleton className="h-48" />;
  if (preview.isError) {
    return (
      <Frame>
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(preview.error))}
        </p>
        <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ size: 'md', variant: 'outline' })}>
          {t('onboarding:accept.toDashboard')}
        </Link>
      </Frame>
    );
  }
  const invitation = preview.data;
  if (!invitation.forThisAccount) {
    return (
      <Frame>
        <p role="alert" className="text-sm text-red-700">
          {t('onboarding:accept.otherAccount', { email: invitation.email, current: session.data.user.email })}
        </p>
        <Link to={paths.auth.logout.getHref()} className={buttonClasses({ size: 'md', variant: 'outline' })}>
          {t('onboarding:accept.signOut')}
        </Link>
      </Frame>
    );
  }

  const onAccept = async () => {
    try {
      const company = await accept.mutateAsync({ token });
      toast.add({ title: t('onboarding:accept.joined', { company: company.name }), color: 'success' });
      await navigate(paths.onboarding.company.getHref(), { replace: true });
    } catch (error) {
      toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  };

  return (
    <Frame>
      <div className="flex items-start gap-3">
        <Building2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary-700" />
        <div className="space-y-2">
          <p className="text-base font-medium text-neutral-900">
            {t('onboarding:accept.invites', { name: invitation.invitedBy, company: invitation.companyName })}
          </p>
          <p className="text-sm text-neutral-700">{t('onboarding:accept.whatChanges')}</p>
        </div>
      </div>
      <Button size="md" loading={accept.isPending} onClick={() => void onAccept()}>
        {t('onboarding:accept.accept', { company: invitation.companyName })}
      </Button>
    </Frame>
  );
}

/** The link of an invitation e-mail (/invitations/accept?token=…): the invited colleague joins the company. */
export function Component() {
  const { t } = useTranslation('onboarding');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const authToken = useAuthToken();
  if (!TOKEN_PATTERN.test(token)) {
    return (
      <Frame>
        <p role="alert" className="text-sm text-red-700">
          {t('onboarding:accept.badLink')}
        </p>
      </Frame>
    );
  }
  if (!authToken) return <SignedOut here={paths.onboarding.acceptInvitation.getHref(token)} />;
  return <Invitation token={token} />;
}
