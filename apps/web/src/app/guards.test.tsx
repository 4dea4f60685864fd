import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

function location(router: ReturnType<typeof renderRoute>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe('route guard (SPEC §5)', () => {
  it('sends /admin to /login without a token, keeping the path to come back to', async () => {
    const { router } = renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location(router)).toBe('/login?redirectTo=%2Fadmin');
  });

  it('sends any /app path to /login without a token, even one that matches no route', async () => {
    const { router } = renderRoute('/app/x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location(router)).toBe('/login?redirectTo=%2Fapp%2Fx');
  });

  it('counts an empty token as missing', async () => {
    const { router } = renderRoute('/admin/users', { token: '' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(location(router)).toBe('/login?redirectTo=%2Fadmin%2Fusers');
  });

  it('lets /admin through with a token', async () => {
    const { router } = renderRoute('/admin', { token: 'token-123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown /app path with a token', async () => {
    renderRoute('/app/x', { token: 'token-123' });
    expect(await screen.findByText('Page Not Found: /app/x')).toBeInTheDocument();
  });

  it('requires a session for the user, assistant, authenticated and onboarding layouts', async () => {
    for (const path of ['/dashboard', '/chat', '/prompt-library', '/subscription', '/documents/f-1']) {
      const { router, unmount } = renderRoute(path);
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(location(router)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      unmount();
    }
  });

  it('renders a signed-in page in its layout with a token', async () => {
    renderRoute('/dashboard', { token: 'token-123', userName: 'Anna Keller' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Anna Keller' })).toBeInTheDocument();
    // The sidebar offers only what works.
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/settings/integrations',
    );
    expect(within(navigation).getByRole('link', { name: 'Prompt library' })).toHaveAttribute('href', '/prompt-library');
    expect(within(navigation).getByRole('link', { name: 'Marketplace' })).toHaveAttribute(
      'href',
      '/prompt-marketplace',
    );
    expect(within(navigation).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');
  });

  it('leaves public and default pages open', async () => {
    const { router } = renderRoute('/fatf/countries');
    expect(await screen.findByRole('heading', { level: 1, name: 'FATF countries' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fatf/countries');
  });

  it('checks again on every navigation, also within the same layout', async () => {
    const { router } = renderRoute('/dashboard', { token: 'token-123' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    localStorage.removeItem('auth_token');
    await router.navigate('/documents');
    await waitFor(() => expect(location(router)).toBe('/login?redirectTo=%2Fdocuments'));
  });

  it('/logout clears the token and goes to /login', async () => {
    const { router } = renderRoute('/logout', { token: 'token-123', userName: 'Anna Keller' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user_name')).toBeNull();
  });
});
