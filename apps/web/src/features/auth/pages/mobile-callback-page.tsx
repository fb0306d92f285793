import { Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';

export function MobileCallbackPage() {
  return (
    <ComingSoon
      icon={Smartphone}
      title={strings.auth.mobileCallbackTitle}
      description={strings.auth.mobileCallbackBody}
      actions={
        <Link to="/login" className={buttonClasses()}>
          {strings.auth.backToLogin}
        </Link>
      }
    />
  );
}
