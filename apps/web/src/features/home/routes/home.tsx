import { Coverage } from '../components/coverage';
import { Deployment } from '../components/deployment';
import { Faq } from '../components/faq';
import { FeatureGrid } from '../components/feature-grid';
import { FinalCta, LegalNotice } from '../components/final-cta';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { TrustStrip } from '../components/trust-strip';
import type { RouteHandle } from '@/lib/route-handle';

export const handle = { title: 'home:meta.title' } satisfies RouteHandle;

/** The public landing page at `/`. The home layout provides the site header and footer. */
export function Component() {
  return (
    <div className="bg-white">
      <Hero />
      <TrustStrip />
      <FeatureGrid />
      <Coverage />
      <HowItWorks />
      <Deployment />
      <Faq />
      <FinalCta />
      <LegalNotice />
    </div>
  );
}
