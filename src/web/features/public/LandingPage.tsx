import { useEffect } from 'react';
import { publicTexts } from '../../../shared/i18n/public';
import { usePageTitle } from '../../lib/page-title';
import { LandingHeader } from './components/LandingHeader';
import { PublicFooter } from './components/PublicFooter';
import { SkipLink } from '../../components/SkipLink';
import { Audiences, Features, TrustBar, WhyNoApp } from './landing/Benefits';
import { CallToAction } from './landing/CallToAction';
import { DemoSection } from './landing/DemoSection';
import { Hero } from './landing/Hero';
import { FairPricing, ProOffer } from './landing/Pricing';

/** The landing page (spec §2): marketing for businesses and the way into the demo and login. */
export function LandingPage() {
  usePageTitle(publicTexts.landing.title, publicTexts.landing.description);

  // The page renders after its code has loaded, too late for the browser's own jump to #demo.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(decodeURIComponent(id))?.scrollIntoView();
  }, []);

  return (
    <>
      <SkipLink label={publicTexts.skipToContent} />
      <LandingHeader />
      <main id="inhalt" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <TrustBar />
        <Features />
        <FairPricing />
        <ProOffer />
        <WhyNoApp />
        <Audiences />
        <DemoSection />
        <CallToAction />
      </main>
      <PublicFooter />
    </>
  );
}
