import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toaster/toast-store.ts';
import { renderRoute } from '@/testing/test-utils.tsx';
import { connection, fakeIntegrationsApi, type FakeIntegrationsApiOptions } from '../testing/fake-integrations-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.clear();
});

function open(options: FakeIntegrationsApiOptions = {}, path = '/settings/integrations') {
  const api = fakeIntegrationsApi(options);
  vi.stubGlobal('fetch', vi.fn(api.handler));
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return { api, assign, ...renderRoute(path, { token: 'token-123' }) };
}

type User = ReturnType<typeof open>['user'];

async function chooseKind(user: User, kind: RegExp, title: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(chooser.getByRole('button', { name: kind }));
  return within(await screen.findByRole('dialog', { name: title }));
}

const starts = (api: ReturnType<typeof open>['api']) =>
  api.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/integrations/oauth/'));

describe('the connect button of the cloud storage kinds signed in with the vendor (OAuth)', () => {
  it('OneDrive: asks for the folder only, then sends the browser to Microsoft’s sign-in page', async () => {
    const { api, assign, user } = open();
    const dialog = await chooseKind(user, /^OneDrive \/ SharePoint/, 'Connect OneDrive / SharePoint');
    // No password or token field: the vendor's page signs in.
    expect(dialog.queryByLabelText(/password|token|secret/i)).not.toBeInTheDocument();
    expect(dialog.getByText(/You will be taken to Microsoft to sign in/)).toBeInTheDocument();
    const connect = await dialog.findByRole('button', { name: 'Connect with Microsoft' });
    await waitFor(() => expect(connect).toBeEnabled());

    await user.type(dialog.getByLabelText(/^Name/), 'Policies on OneDrive');
    const folder = dialog.getByLabelText(/^Folder/);
    await user.clear(folder);
    await user.type(folder, '/Compliance/Policies');
    await user.selectOptions(dialog.getByLabelText(/^Sync/), 'daily');
    await user.click(connect);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.vendor.test/onedrive/authorize?state=abc'));
    expect(starts(api)).toEqual([
      expect.objectContaining({
        path: '/api/integrations/oauth/onedrive/start',
        body: {
          scope: 'personal',
          name: 'Policies on OneDrive',
          settings: { driveId: '', remotePath: '/Compliance/Policies', schedule: 'daily' },
        },
      }),
    ]);
  });

  it('Google Drive and Box: ask for the folder’s address, send its id, and go to Google’s or Box’s page', async () => {
    const { api, assign, user } = open();
    const google = await chooseKind(user, /^Google Drive/, 'Connect Google Drive');
    const connectGoogle = await google.findByRole('button', { name: 'Connect with Google' });
    await waitFor(() => expect(connectGoogle).toBeEnabled());
    await user.type(google.getByLabelText(/^Name/), 'Policies on Google Drive');
    expect(google.getByText(/Leave empty for My Drive/)).toBeInTheDocument();
    await user.type(google.getByLabelText(/^Folder/), 'not a folder!');
    await user.click(connectGoogle);
    expect(
      await google.findByText('Paste the folder’s address, or enter its ID as the storage service shows it'),
    ).toBeInTheDocument();
    expect(starts(api)).toEqual([]);
    await user.clear(google.getByLabelText(/^Folder/));
    await user.type(google.getByLabelText(/^Folder/), 'https://drive.google.com/drive/folders/1AbC_dEf-2?usp=sharing');
    await user.click(connectGoogle);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://login.vendor.test/googledrive/authorize?state=abc'),
    );
    expect(starts(api).at(-1)).toMatchObject({
      path: '/api/integrations/oauth/googledrive/start',
      body: { name: 'Policies on Google Drive', settings: { remoteFolderId: '1AbC_dEf-2', schedule: 'manual' } },
    });

    await user.keyboard('{Escape}');
    const box = await chooseKind(user, /^Box/, 'Connect Box');
    const connectBox = await box.findByRole('button', { name: 'Connect with Box' });
    await waitFor(() => expect(connectBox).toBeEnabled());
    await user.type(box.getByLabelText(/^Name/), 'Box');
    await user.type(box.getByLabelText(/^Folder/), 'https://app.box.com/folder/123456789');
    await user.click(connectBox);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.vendor.test/box/authorize?state=abc'));
    expect(starts(api).at(-1)).toMatchObject({
      path: '/api/integrations/oauth/box/start',
      body: { name: 'Box', settings: { remoteFolderId: '123456789' } },
    });
  });

  it('checks the folder with the shared rules before leaving for the vendor', async () => {
    const { api, assign, user } = open();
    const dialog = await chooseKind(user, /^Dropbox/, 'Connect Dropbox');
    const connect = await dialog.findByRole('button', { name: 'Connect with Dropbox' });
    await waitFor(() => expect(connect).toBeEnabled());
    await user.click(connect);
    expect(await dialog.findByText('This field is required')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Name/), 'Dropbox');
    const folder = dialog.getByLabelText(/^Folder/);
    await user.clear(folder);
    await user.type(folder, '/a/../b');
    await user.click(connect);
    expect(dialog.getByLabelText(/^Folder/)).toHaveAttribute('aria-invalid', 'true');
    expect(starts(api)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows “not set up by the administrator” instead of a button for a vendor without its client id', async () => {
    const { api, user } = open({ oauthConfigured: { dropbox: false } });
    const dialog = await chooseKind(user, /^Dropbox/, 'Connect Dropbox');
    expect(
      await dialog.findByText('Signing in with Dropbox has not been set up by the administrator of this installation.'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Connect with Dropbox' })).not.toBeInTheDocument();
    expect(starts(api)).toEqual([]);
  });

  it('a connection signed in before: saves its folder settings, or signs it in again', async () => {
    const drive = connection({ kind: 'onedrive', name: 'Team OneDrive' });
    const { api, assign, user } = open({ connections: [drive] });
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /Team OneDrive/ }));
    expect(dialog.getByLabelText(/^Folder/)).toHaveValue('/Compliance');
    const again = await dialog.findByRole('button', { name: 'Sign in again with Microsoft' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(starts(api)[0]?.body).toEqual({ connectionId: drive.id });
  });
});

describe('the sign-in’s outcome on the integrations screen', () => {
  it('tells a refused sign-in in the user’s language, and takes it out of the address', async () => {
    const { router } = open({}, '/settings/integrations?oauthError=INTEGRATION_OAUTH_STATE_INVALID');
    const toaster = within(screen.getByTestId('toaster'));
    expect(await toaster.findByText('The sign-in did not succeed')).toBeInTheDocument();
    expect(toaster.getByText(/^The sign-in could not be completed: it expired/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/settings/integrations');
    expect(toaster.getAllByText('The sign-in did not succeed')).toHaveLength(1);
  });

  it('tells a finished sign-in', async () => {
    open({}, '/settings/integrations?oauth=connected&connection=00000000-0000-4000-8000-000000000001');
    const toaster = within(screen.getByTestId('toaster'));
    expect(await toaster.findByText('The connection was signed in and saved.')).toBeInTheDocument();
  });

  it('tells an error code it does not know as a general remote error', async () => {
    open({}, '/settings/integrations?oauthError=SOMETHING_ELSE');
    const toaster = within(screen.getByTestId('toaster'));
    expect(await toaster.findByText(/^The tool answered with an error/)).toBeInTheDocument();
  });
});
