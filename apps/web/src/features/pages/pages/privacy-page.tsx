import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { staticPages } from '@/i18n/static-pages.ar';
import { StaticPage } from '../components/static-page';

export function PrivacyPage() {
  return (
    <StaticPage
      icon={ShieldCheck}
      title={staticPages.privacy.title}
      lead={staticPages.privacy.lead}
      sections={staticPages.privacy.sections}
    >
      <Link to="/contact" className={buttonClasses({ variant: 'secondary' })}>
        {staticPages.privacy.contactLink}
      </Link>
    </StaticPage>
  );
}
