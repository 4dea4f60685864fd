import { redirect } from 'react-router';
import { paths } from '@/config/paths.ts';
import { clearAuthToken, hasAuthToken } from '@/lib/auth-token.ts';
import { queryClient } from '@/lib/query-client.ts';
import { logout } from '../api/logout.ts';

/** /logout is not a screen: it revokes the session on the server, forgets the token and goes to /login. */
export async function loader(): Promise<Response> {
  if (hasAuthToken()) {
    try {
      await logout();
    } catch {
      // Already expired or the server is unreachable: the browser still forgets the token.
    }
  }
  clearAuthToken();
  // Nothing cached for this user may leak into the next session.
  queryClient.clear();
  return redirect(paths.auth.login.getHref());
}
