/**
 * The route table of SPEC.md §2, in one place. Every link and redirect goes through here.
 * `layout` names the layout each screen renders in; `home` is the landing page's own layout.
 */
export type LayoutName =
  'home' | 'public' | 'public-clean' | 'default' | 'user' | 'assistant' | 'onboarding' | 'authenticated' | 'admin';

export const paths = {
  home: { path: '/', getHref: () => '/' },

  auth: {
    login: { path: '/login', getHref: (redirectTo?: string) => withRedirect('/login', redirectTo) },
    loginOld: { path: '/login/old', getHref: () => '/login/old' },
    signup: { path: '/signup', getHref: () => '/signup' },
    signupOld: { path: '/signup/old', getHref: () => '/signup/old' },
    forgottenPassword: { path: '/forgotten-password', getHref: () => '/forgotten-password' },
    forgottenPasswordConfirm: { path: '/forgotten-password/confirm', getHref: () => '/forgotten-password/confirm' },
    /** The verification-code entry after sign-up (SPEC §2 "screens implied"). */
    verifyEmail: { path: '/verify-email', getHref: (redirectTo?: string) => withRedirect('/verify-email', redirectTo) },
    logout: { path: '/logout', getHref: () => '/logout' },
  },

  legal: {
    disclaimer: { path: '/legal/disclaimer', getHref: () => '/legal/disclaimer' },
    privacyPolicy: { path: '/legal/privacy-policy', getHref: () => '/legal/privacy-policy' },
  },

  try: { path: '/try', getHref: () => '/try' },

  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    chat: { path: '/chat', getHref: () => '/chat' },
    documents: { path: '/documents', getHref: () => '/documents' },
    documentsFolder: { path: '/documents/:folderId', getHref: (folderId: string) => `/documents/${enc(folderId)}` },
    /**
     * Opens a document (own or knowledge base) in the viewer at a page: the link citations use.
     * The viewer opens over the library: `/documents?file=<id>&page=<n>`.
     */
    documentViewer: {
      path: '/documents',
      getHref: (fileId: string, page?: number | null) =>
        `/documents?file=${enc(fileId)}${page && page > 1 ? `&page=${page}` : ''}`,
    },
    profile: { path: '/profile', getHref: () => '/profile' },
    settings: { path: '/settings', getHref: () => '/settings' },
    /** Connections to other tools (storage and wikis synced into the library, channels answers are shared to). */
    integrations: { path: '/settings/integrations', getHref: () => '/settings/integrations' },
    promptLibrary: { path: '/prompt-library', getHref: () => '/prompt-library' },
    promptMarketplace: {
      path: '/prompt-marketplace',
      /** `publish`: open the publish dialog for `prompt:<id>` or `category:<id>` of the library. */
      getHref: (publish?: { kind: 'prompt' | 'category'; id: string }) =>
        publish ? `/prompt-marketplace?publish=${publish.kind}:${enc(publish.id)}` : '/prompt-marketplace',
    },
    promptListing: {
      path: '/prompt-marketplace/listings/:id',
      getHref: (id: string) => `/prompt-marketplace/listings/${enc(id)}`,
    },
    promptAuthor: {
      path: '/prompt-marketplace/author/:id',
      getHref: (id: string) => `/prompt-marketplace/author/${enc(id)}`,
    },
  },

  courses: {
    list: { path: '/courses', getHref: () => '/courses' },
    notes: {
      path: '/courses/notes',
      getHref: (q?: string) => (q ? `/courses/notes?q=${encodeURIComponent(q)}` : '/courses/notes'),
    },
    course: { path: '/courses/:slug', getHref: (slug: string) => `/courses/${enc(slug)}` },
    lesson: {
      path: '/courses/:slug/lessons/:lesson',
      getHref: (slug: string, lesson: string) => `/courses/${enc(slug)}/lessons/${enc(lesson)}`,
    },
    review: { path: '/courses/:slug/review', getHref: (slug: string) => `/courses/${enc(slug)}/review` },
    /** A lesson's self-test (`?lesson=`), or the course's final test. */
    test: {
      path: '/courses/:slug/test',
      getHref: (slug: string, lesson?: string) =>
        `/courses/${enc(slug)}/test${lesson ? `?lesson=${encodeURIComponent(lesson)}` : ''}`,
    },
    essay: {
      path: '/courses/:slug/essays/:essayId',
      getHref: (slug: string, essayId: string) => `/courses/${enc(slug)}/essays/${enc(essayId)}`,
    },
    /** The public check of a certificate (the link printed on it). */
    certificate: {
      path: '/certificates/:id',
      getHref: (id: string, sig: string) => `/certificates/${enc(id)}?sig=${encodeURIComponent(sig)}`,
    },
  },

  billing: {
    subscription: { path: '/subscription', getHref: () => '/subscription' },
    success: { path: '/subscription/success', getHref: () => '/subscription/success' },
    cancel: { path: '/subscription/cancel', getHref: () => '/subscription/cancel' },
    /** The built-in TEST MODE provider's checkout page. */
    testCheckout: {
      path: '/subscription/test-checkout/:sessionId',
      getHref: (sessionId: string) => `/subscription/test-checkout/${enc(sessionId)}`,
    },
  },

  onboarding: {
    company: { path: '/onboarding/company', getHref: () => '/onboarding/company' },
    user: { path: '/onboarding/user', getHref: () => '/onboarding/user' },
    /** The link of an invitation e-mail: a colleague joins the company. */
    acceptInvitation: {
      path: '/invitations/accept',
      getHref: (token: string) => `/invitations/accept?token=${enc(token)}`,
    },
  },

  countries: {
    list: { path: '/fatf/countries', getHref: () => '/fatf/countries' },
    detail: { path: '/fatf/countries/:id', getHref: (id: string) => `/fatf/countries/${enc(id)}` },
  },

  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    auditLog: { path: '/admin/audit-log', getHref: () => '/admin/audit-log' },
    knowledgeBase: { path: '/admin/knowledge-base', getHref: () => '/admin/knowledge-base' },
    knowledgeBaseFunction: {
      path: '/admin/knowledge-base/:regulatoryFunctionId',
      getHref: (regulatoryFunctionId: string) => `/admin/knowledge-base/${enc(regulatoryFunctionId)}`,
    },
    knowledgeBaseResourceType: {
      path: '/admin/knowledge-base/:regulatoryFunctionId/:resourceTypeId',
      getHref: (regulatoryFunctionId: string, resourceTypeId: string) =>
        `/admin/knowledge-base/${enc(regulatoryFunctionId)}/${enc(resourceTypeId)}`,
    },
    knowledgeBaseFile: {
      path: '/admin/knowledge-base/file/:fileId',
      getHref: (fileId: string) => `/admin/knowledge-base/file/${enc(fileId)}`,
    },
    knowledgeBaseFolder: {
      path: '/admin/knowledge-base/folder/:folderId',
      getHref: (folderId: string) => `/admin/knowledge-base/folder/${enc(folderId)}`,
    },
    assistants: { path: '/admin/assistants', getHref: () => '/admin/assistants' },
    testUpload: { path: '/test-upload', getHref: () => '/test-upload' },
    fatf: { path: '/admin/fatf', getHref: () => '/admin/fatf' },
    plans: { path: '/admin/plans', getHref: () => '/admin/plans' },
    billing: { path: '/admin/billing', getHref: () => '/admin/billing' },
    billingInvoices: { path: '/admin/billing/invoices', getHref: () => '/admin/billing/invoices' },
    billingUsage: { path: '/admin/billing/usage', getHref: () => '/admin/billing/usage' },
    billingEvents: { path: '/admin/billing/events', getHref: () => '/admin/billing/events' },
    courses: { path: '/admin/courses', getHref: () => '/admin/courses' },
    marketplace: { path: '/admin/marketplace', getHref: () => '/admin/marketplace' },
    /**
     * The organisation's connections (channels everyone can share to, storage folders and wikis synced
     * into the knowledge base) and the journal of every message sent out.
     */
    integrations: { path: '/admin/integrations', getHref: () => '/admin/integrations' },
    course: { path: '/admin/courses/:slug', getHref: (slug: string) => `/admin/courses/${enc(slug)}` },
  },
} as const;

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

function withRedirect(path: string, redirectTo?: string): string {
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
