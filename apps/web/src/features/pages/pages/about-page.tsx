import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { staticPages } from '@/i18n/static-pages.ar';
import { StaticPage } from '../components/static-page';

export function AboutPage() {
  return (
    <StaticPage
      icon={Info}
      title={staticPages.about.title}
      lead={staticPages.about.lead}
      sections={staticPages.about.sections}
    >
      <Link to="/privacy" className={buttonClasses({ variant: 'outline' })}>
        {staticPages.about.privacyLink}
      </Link>
      <Link to="/contact" className={buttonClasses({ variant: 'secondary' })}>
        {staticPages.about.contactLink}
      </Link>
    </StaticPage>
  );
}
