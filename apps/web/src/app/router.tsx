import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { withNamespaces } from '@/lib/i18n.ts';
import { FullPageSpinner } from './chrome/full-page-spinner.tsx';
import { RouteErrorBoundary } from './errors/route-error-boundary.tsx';
import { guardedPathMiddleware, notFoundLoader, requireSessionMiddleware } from './guards.ts';
import { NotFoundRoute } from './routes/not-found.tsx';
import { Root } from './routes/root.tsx';

/** A loader that sends an old address to its current one, query string kept (`?redirectTo=…`). */
function keepQuery(to: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`);
}

/**
 * The route table of SPEC §2. Every layout and every screen is a lazy route module, so the first
 * page only loads the chunks it needs. A route module exports `Component` and
 * `handle = { title: 'ns:key' } satisfies RouteHandle` (and, when it needs them, `loader`, `action`,
 * `ErrorBoundary`).
 */
const layouts = {
  home: () => import('./layouts/home-layout.tsx'),
  public: () => import('./layouts/public-layout.tsx'),
  default: () => import('./layouts/default-layout.tsx'),
  user: () => import('./layouts/user-layout.tsx'),
  assistant: () => import('./layouts/assistant-layout.tsx'),
  onboarding: () => import('./layouts/onboarding-layout.tsx'),
  authenticated: () => import('./layouts/authenticated-layout.tsx'),
  admin: () => import('./layouts/admin-layout.tsx'),
  // 'public-clean' is the error pages' frame (layouts/public-clean-layout.tsx, bundled with them);
  // nest a route in `{ lazy: () => import('./layouts/public-clean-layout.tsx'), children }` to use it.
};

/**
 * Every lazy route resolves once its module's translation namespaces are loaded too (the app fetches
 * locale files per namespace as the code that names them arrives: lib/i18n-namespaces.ts), so no
 * screen renders before its strings.
 */
function withRouteNamespaces(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const lazy = typeof route.lazy === 'function' ? { lazy: withNamespaces(route.lazy) } : {};
    const children = route.children ? { children: withRouteNamespaces(route.children) } : {};
    return { ...route, ...lazy, ...children } as RouteObject;
  });
}

/** A protected layout: the session guard runs on every navigation into or within it. */
const session = { middleware: [requireSessionMiddleware] };

export const routes: RouteObject[] = withRouteNamespaces([
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageSpinner,
    middleware: [guardedPathMiddleware],
    children: [
      {
        id: 'layout-home',
        lazy: layouts.home,
        children: [{ index: true, lazy: () => import('@/features/home/routes/home.tsx') }],
      },
      {
        id: 'layout-public',
        lazy: layouts.public,
        children: [
          { path: paths.auth.login.path, lazy: () => import('@/features/auth/routes/login.tsx') },
          // The classic addresses (SPEC §2) lead to the current forms, with what their links carried.
          { path: paths.auth.loginOld.path, loader: keepQuery(paths.auth.login.getHref()) },
          { path: paths.auth.signup.path, lazy: () => import('@/features/auth/routes/signup.tsx') },
          { path: paths.auth.signupOld.path, loader: keepQuery(paths.auth.signup.getHref()) },
          {
            path: paths.auth.forgottenPassword.path,
            lazy: () => import('@/features/auth/routes/forgotten-password.tsx'),
          },
          {
            path: paths.auth.forgottenPasswordConfirm.path,
            lazy: () => import('@/features/auth/routes/forgotten-password-confirm.tsx'),
          },
          { path: paths.auth.verifyEmail.path, lazy: () => import('@/features/auth/routes/verify-email.tsx') },
          { path: paths.legal.disclaimer.path, lazy: () => import('@/features/legal/routes/disclaimer.tsx') },
          { path: paths.legal.privacyPolicy.path, lazy: () => import('@/features/legal/routes/privacy-policy.tsx') },
          { path: paths.try.path, lazy: () => import('@/features/chat/routes/try.tsx') },
          { path: paths.courses.certificate.path, lazy: () => import('@/features/courses/routes/certificate.tsx') },
        ],
      },
      // Not a screen: ends the session and redirects to /login.
      { path: paths.auth.logout.path, lazy: () => import('@/features/auth/routes/logout.ts') },
      {
        id: 'layout-default',
        lazy: layouts.default,
        children: [
          { path: paths.billing.cancel.path, lazy: () => import('@/features/billing/routes/subscription-cancel.tsx') },
          { path: paths.countries.list.path, lazy: () => import('@/features/countries/routes/countries.tsx') },
          { path: paths.countries.detail.path, lazy: () => import('@/features/countries/routes/country.tsx') },
          {
            path: paths.onboarding.acceptInvitation.path,
            lazy: () => import('@/features/onboarding/routes/accept-invitation.tsx'),
          },
        ],
      },
      {
        id: 'layout-user',
        ...session,
        lazy: layouts.user,
        children: [
          { path: paths.app.dashboard.path, lazy: () => import('./routes/dashboard.tsx') },
          { path: paths.app.documents.path, lazy: () => import('@/features/library/routes/documents.tsx') },
          { path: paths.app.documentsFolder.path, lazy: () => import('@/features/library/routes/documents.tsx') },
          { path: paths.app.profile.path, lazy: () => import('@/features/account/routes/profile.tsx') },
          { path: paths.app.settings.path, lazy: () => import('./routes/settings.tsx') },
          {
            path: paths.app.integrations.path,
            lazy: () => import('@/features/integrations/routes/integrations.tsx'),
          },
          { path: paths.courses.list.path, lazy: () => import('@/features/courses/routes/courses.tsx') },
          { path: paths.courses.notes.path, lazy: () => import('@/features/courses/routes/notes.tsx') },
          { path: paths.courses.course.path, lazy: () => import('@/features/courses/routes/course.tsx') },
          { path: paths.courses.lesson.path, lazy: () => import('@/features/courses/routes/lesson.tsx') },
          { path: paths.courses.review.path, lazy: () => import('@/features/courses/routes/review.tsx') },
          { path: paths.courses.test.path, lazy: () => import('@/features/courses/routes/test.tsx') },
          { path: paths.courses.essay.path, lazy: () => import('@/features/courses/routes/essay.tsx') },
          {
            path: paths.billing.success.path,
            lazy: () => import('@/features/billing/routes/subscription-success.tsx'),
          },
        ],
      },
      {
        id: 'layout-assistant',
        ...session,
        lazy: layouts.assistant,
        children: [{ path: paths.app.chat.path, lazy: () => import('@/features/chat/routes/chat.tsx') }],
      },
      {
        id: 'layout-onboarding',
        ...session,
        lazy: layouts.onboarding,
        children: [
          { path: paths.billing.subscription.path, lazy: () => import('@/features/billing/routes/subscription.tsx') },
          { path: paths.onboarding.company.path, lazy: () => import('@/features/onboarding/routes/company.tsx') },
          { path: paths.onboarding.user.path, lazy: () => import('@/features/onboarding/routes/user.tsx') },
          {
            path: paths.billing.testCheckout.path,
            lazy: () => import('@/features/billing/routes/test-checkout.tsx'),
          },
        ],
      },
      {
        id: 'layout-authenticated',
        ...session,
        lazy: layouts.authenticated,
        children: [
          { path: paths.app.promptLibrary.path, lazy: () => import('@/features/prompts/routes/prompt-library.tsx') },
          {
            path: paths.app.promptMarketplace.path,
            lazy: () => import('@/features/marketplace/routes/marketplace.tsx'),
          },
          {
            path: paths.app.promptListing.path,
            lazy: () => import('@/features/marketplace/routes/listing.tsx'),
          },
          { path: paths.app.promptAuthor.path, lazy: () => import('@/features/marketplace/routes/author.tsx') },
        ],
      },
      {
        id: 'layout-admin',
        ...session,
        lazy: layouts.admin,
        children: [
          { path: paths.admin.root.path, lazy: () => import('@/features/admin/routes/overview.tsx') },
          { path: paths.admin.users.path, lazy: () => import('@/features/admin/routes/users.tsx') },
          { path: paths.admin.auditLog.path, lazy: () => import('@/features/admin/routes/audit-log.tsx') },
          {
            path: paths.admin.knowledgeBase.path,
            lazy: () => import('@/features/library/routes/knowledge-base.tsx'),
          },
          {
            path: paths.admin.knowledgeBaseFunction.path,
            lazy: () => import('@/features/library/routes/regulatory-function.tsx'),
          },
          {
            path: paths.admin.knowledgeBaseResourceType.path,
            lazy: () => import('@/features/library/routes/resource-type.tsx'),
          },
          {
            path: paths.admin.knowledgeBaseFile.path,
            lazy: () => import('@/features/library/routes/knowledge-file.tsx'),
          },
          {
            path: paths.admin.knowledgeBaseFolder.path,
            lazy: () => import('@/features/library/routes/knowledge-folder.tsx'),
          },
          { path: paths.admin.testUpload.path, lazy: () => import('@/features/admin/routes/test-upload.tsx') },
          { path: paths.admin.fatf.path, lazy: () => import('@/features/countries/routes/admin-countries.tsx') },
          { path: paths.admin.assistants.path, lazy: () => import('@/features/chat/routes/admin-assistants.tsx') },
          { path: paths.admin.plans.path, lazy: () => import('@/features/billing/routes/admin-plans.tsx') },
          { path: paths.admin.billing.path, lazy: () => import('@/features/billing/routes/admin-billing.tsx') },
          {
            path: paths.admin.billingInvoices.path,
            lazy: () => import('@/features/billing/routes/admin-billing-invoices.tsx'),
          },
          {
            path: paths.admin.billingUsage.path,
            lazy: () => import('@/features/billing/routes/admin-billing-usage.tsx'),
          },
          {
            path: paths.admin.billingEvents.path,
            lazy: () => import('@/features/billing/routes/admin-billing-events.tsx'),
          },
          { path: paths.admin.courses.path, lazy: () => import('@/features/courses/routes/admin-courses.tsx') },
          {
            path: paths.admin.marketplace.path,
            lazy: () => import('@/features/marketplace/routes/admin-marketplace.tsx'),
          },
          {
            path: paths.admin.integrations.path,
            lazy: () => import('@/features/integrations/routes/admin-integrations.tsx'),
          },
          {
            path: paths.admin.course.path,
            lazy: () => import('@/features/courses/routes/admin-course-editor.tsx'),
          },
        ],
      },
      // Everything else, including unknown paths under /app and /admin (which the root guard has
      // already sent to /login when there is no token): 404.
      { path: '*', loader: notFoundLoader, Component: NotFoundRoute },
    ],
  },
]);

export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
