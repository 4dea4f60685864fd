import {
  ArrowLeft,
  Bot,
  CreditCard,
  Database,
  FolderOpen,
  Gauge,
  GraduationCap,
  Globe2,
  LayoutDashboard,
  Library,
  MessagesSquare,
  Plug,
  Receipt,
  ScrollText,
  Settings,
  Store,
  Upload,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths.ts';

export interface NavItem {
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on exactly this path (not on its children). */
  end?: boolean;
  /** A plain link that never shows as the current page (e.g. a section of another page). */
  plain?: boolean;
}

export interface NavSection {
  /** i18n key of the section heading. */
  label: string;
  items: NavItem[];
}

/** The sidebar of the user, assistant and authenticated layouts: only what works is offered. */
export const userNavigation: NavSection[] = [
  {
    label: 'common:nav.sections.workspace',
    items: [
      { label: 'common:nav.dashboard', to: paths.app.dashboard.getHref(), icon: LayoutDashboard },
      { label: 'common:nav.chat', to: paths.app.chat.getHref(), icon: MessagesSquare },
      { label: 'common:nav.documents', to: paths.app.documents.getHref(), icon: FolderOpen },
    ],
  },
  {
    label: 'common:nav.sections.prompts',
    items: [
      { label: 'common:nav.promptLibrary', to: paths.app.promptLibrary.getHref(), icon: Library },
      { label: 'common:nav.marketplace', to: paths.app.promptMarketplace.getHref(), icon: Store },
    ],
  },
  {
    label: 'common:nav.sections.resources',
    items: [
      { label: 'common:nav.courses', to: paths.courses.list.getHref(), icon: GraduationCap },
      { label: 'common:nav.countries', to: paths.countries.list.getHref(), icon: Globe2 },
    ],
  },
  {
    label: 'common:nav.sections.account',
    items: [
      { label: 'common:nav.settings', to: paths.app.settings.getHref(), icon: Settings, end: true },
      { label: 'common:nav.integrations', to: paths.app.integrations.getHref(), icon: Plug },
      { label: 'common:nav.profile', to: paths.app.profile.getHref(), icon: UserRound },
      { label: 'common:nav.subscription', to: paths.billing.subscription.getHref(), icon: CreditCard },
    ],
  },
];

/** The sidebar of the admin layout. */
export const adminNavigation: NavSection[] = [
  {
    label: 'common:nav.sections.administration',
    items: [
      { label: 'common:nav.admin.overview', to: paths.admin.root.getHref(), icon: Gauge, end: true },
      { label: 'common:nav.admin.users', to: paths.admin.users.getHref(), icon: Users },
      { label: 'admin-users:audit.nav', to: paths.admin.auditLog.getHref(), icon: ScrollText },
      { label: 'common:nav.admin.knowledgeBase', to: paths.admin.knowledgeBase.getHref(), icon: Database },
      { label: 'countries:admin.nav', to: paths.admin.fatf.getHref(), icon: Globe2 },
      { label: 'chat:admin.nav', to: paths.admin.assistants.getHref(), icon: Bot },
      { label: 'billing:admin.nav', to: paths.admin.plans.getHref(), icon: CreditCard },
      { label: 'billing:adminBilling.nav.sidebar', to: paths.admin.billing.getHref(), icon: Receipt },
      { label: 'courses:admin.nav', to: paths.admin.courses.getHref(), icon: GraduationCap },
      { label: 'common:nav.admin.marketplace', to: paths.admin.marketplace.getHref(), icon: Store },
      { label: 'common:nav.admin.integrations', to: paths.admin.integrations.getHref(), icon: Plug },
      { label: 'common:nav.admin.testUpload', to: paths.admin.testUpload.getHref(), icon: Upload },
    ],
  },
  {
    label: 'common:nav.sections.application',
    items: [{ label: 'common:nav.admin.backToApp', to: paths.app.dashboard.getHref(), icon: ArrowLeft, plain: true }],
  },
];
