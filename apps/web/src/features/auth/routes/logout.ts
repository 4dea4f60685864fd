import { redirect } from 'react-router';
import { paths } from '@/config/paths.ts';
import { clearAuthToken } from '@/lib/auth-token.ts';
import { queryClient } from '@/lib/query-client.ts';

/**
 * /logout is not a screen: it ends the session in this browser and goes to /login.
 * TODO(accounts issue): also revoke the session on the server before clearing the token.
 */
export function loader(): Response {
  clearAuthToken();
  // Nothing cached for this user may leak into the next session.
  queryClient.clear();
  return redirect(paths.auth.login.getHref());
}
