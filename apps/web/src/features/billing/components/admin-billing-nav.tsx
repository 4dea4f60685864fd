import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';

const links = [
  { to: paths.admin.billing.getHref(), label: 'billing:adminBilling.nav.subscriptions', end: true },
  { to: paths.admin.billingInvoices.getHref(), label: 'billing:adminBilling.nav.invoices', end: false },
  { to: paths.admin.billingUsage.getHref(), label: 'billing:adminBilling.nav.usage', end: false },
  { to: paths.admin.billingEvents.getHref(), label: 'billing:adminBilling.nav.events', end: false },
] as const;

/** The billing administration's pages, side by side under the page title. */
export function AdminBillingNav() {
  const { t } = useTranslation('billing');
  return (
    <nav aria-label={t('billing:adminBilling.nav.label')} className="mb-6 border-b border-neutral-200">
      <ul className="-mb-px flex flex-wrap gap-4">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'inline-block border-b-2 px-1 pb-2 text-sm font-medium',
                  isActive
                    ? 'border-primary-600 text-primary-800'
                    : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900',
                )
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
