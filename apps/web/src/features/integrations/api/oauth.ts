import type {
  OAuthConnectorKind,
  OAuthProviders,
  OAuthStartInput,
  OAuthStartResult,
} from '@compliance/shared/integrations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** The vendors one signs in with (OneDrive/SharePoint, Dropbox), and whether the administrator set each up. */
export function getOAuthProviders(): Promise<OAuthProviders> {
  return api.get('/integrations/oauth/providers');
}

export function useOAuthProviders() {
  return useQuery({
    queryKey: [...integrationQueryKeys.all, 'oauth-providers'] as const,
    queryFn: getOAuthProviders,
    staleTime: 5 * 60_000,
  });
}

/** Records the sign-in on the server and answers the vendor's sign-in address. */
export function startOAuth({
  kind,
  ...input
}: OAuthStartInput & { kind: OAuthConnectorKind }): Promise<OAuthStartResult> {
  return api.post(`/integrations/oauth/${encodeURIComponent(kind)}/start`, input);
}

export function useStartOAuth() {
  return useMutation({
    mutationFn: startOAuth,
    // The form shows the failure on its fields.
    meta: { errorToast: false },
  });
}
