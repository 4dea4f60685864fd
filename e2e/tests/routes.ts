import type { APIRequestContext } from '@playwright/test';

/**
 * SPEC §2: every path of the route table with the layout it renders in. `{name}` marks an id that
 * `resolveSampleIds` fills with a real record of the running install.
 */
export const routeTable: { path: string; layout: string; session?: boolean }[] = [
  { path: '/', layout: 'home' },
  { path: '/login', layout: 'public' },
  { path: '/login/old', layout: 'public' },
  { path: '/signup', layout: 'public' },
  { path: '/signup/old', layout: 'public' },
  { path: '/forgotten-password', layout: 'public' },
  { path: '/forgotten-password/confirm', layout: 'public' },
  { path: '/legal/disclaimer', layout: 'public' },
  { path: '/legal/privacy-policy', layout: 'public' },
  { path: '/try', layout: 'public' },
  { path: '/dashboard', layout: 'user', session: true },
  { path: '/chat', layout: 'assistant', session: true },
  { path: '/documents', layout: 'user', session: true },
  { path: '/documents/{documentsFolder}', layout: 'user', session: true },
  { path: '/profile', layout: 'user', session: true },
  { path: '/settings', layout: 'user', session: true },
  { path: '/settings/integrations', layout: 'user', session: true },
  { path: '/subscription', layout: 'onboarding', session: true },
  { path: '/subscription/success', layout: 'user', session: true },
  { path: '/subscription/cancel', layout: 'default' },
  { path: '/onboarding/company', layout: 'onboarding', session: true },
  { path: '/onboarding/user', layout: 'onboarding', session: true },
  { path: '/prompt-library', layout: 'authenticated', session: true },
  { path: '/prompt-marketplace', layout: 'authenticated', session: true },
  { path: '/prompt-marketplace/author/{author}', layout: 'authenticated', session: true },
  { path: '/courses', layout: 'user', session: true },
  { path: '/fatf/countries', layout: 'default' },
  { path: '/fatf/countries/CH', layout: 'default' },
  { path: '/admin', layout: 'admin', session: true },
  { path: '/admin/users', layout: 'admin', session: true },
  { path: '/admin/audit-log', layout: 'admin', session: true },
  { path: '/admin/knowledge-base', layout: 'admin', session: true },
  { path: '/admin/knowledge-base/{kbFunction}', layout: 'admin', session: true },
  { path: '/admin/knowledge-base/{kbFunction}/{kbResourceType}', layout: 'admin', session: true },
  { path: '/admin/knowledge-base/file/{kbFile}', layout: 'admin', session: true },
  { path: '/admin/knowledge-base/folder/{kbFolder}', layout: 'admin', session: true },
  { path: '/admin/integrations', layout: 'admin', session: true },
  { path: '/test-upload', layout: 'admin', session: true },
];

type SampleIds = Record<'documentsFolder' | 'kbFunction' | 'kbResourceType' | 'kbFile' | 'kbFolder' | 'author', string>;

/** Real ids for the parameterised routes: shipped knowledge-base records, and folders made for the test. */
export async function resolveSampleIds(request: APIRequestContext, token: string): Promise<SampleIds> {
  const headers = { authorization: `Bearer ${token}` };
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const unique = `E2E ${Date.now()}`;
  const documentsFolder = (await json(
    await request.post('/api/documents/folders', { headers, data: { name: unique } }),
  )) as { id?: string; folder?: { id: string } };

  const functions = (await json(await request.get('/api/admin/knowledge/functions', { headers }))) as unknown as {
    id: string;
    code: string;
  }[];
  const kbFunction = functions.find((fn) => fn.code === 'aml_kyc') ?? functions[0];
  if (!kbFunction) throw new Error('The knowledge base has no regulatory functions');
  const { resourceTypes } = (await json(
    await request.get(`/api/admin/knowledge/functions/${kbFunction.id}/resource-types`, { headers }),
  )) as { resourceTypes: { id: string; documentCount: number }[] };
  const kbResourceType = resourceTypes.find((type) => type.documentCount > 0) ?? resourceTypes[0];
  if (!kbResourceType) throw new Error('The knowledge base has no resource types');
  const branch = `/api/admin/knowledge/branches/${kbFunction.id}/${kbResourceType.id}`;
  const { files } = (await json(await request.get(branch, { headers }))) as { files: { id: string }[] };
  const kbFolder = (await json(await request.post(`${branch}/folders`, { headers, data: { name: unique } }))) as {
    id?: string;
    folder?: { id: string };
  };
  const kbFile = files[0];
  if (!kbFile) throw new Error('The knowledge-base branch has no document');
  // One's own author page exists even before anything is published (others' answer "not found").
  const session = (await json(await request.get('/api/auth/session', { headers }))) as { user: { id: string } };
  return {
    author: session.user.id,
    documentsFolder: documentsFolder.id ?? documentsFolder.folder?.id ?? '',
    kbFunction: kbFunction.id,
    kbResourceType: kbResourceType.id,
    kbFile: kbFile.id,
    kbFolder: kbFolder.id ?? kbFolder.folder?.id ?? '',
  };
}

export function fillIds(path: string, ids: SampleIds): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: keyof SampleIds) => ids[name]);
}
