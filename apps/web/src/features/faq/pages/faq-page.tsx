import { CircleHelp } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { strings } from '@/i18n/strings.ar';

export function FaqPage() {
  return <ComingSoon icon={CircleHelp} title={strings.soon.faq.title} description={strings.soon.faq.body} />;
}
