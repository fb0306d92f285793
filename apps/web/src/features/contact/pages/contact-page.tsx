import { Mail } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { strings } from '@/i18n/strings.ar';

export function ContactPage() {
  return (
    <ComingSoon icon={Mail} title={strings.soon.contact.title} description={strings.soon.contact.body} />
  );
}
