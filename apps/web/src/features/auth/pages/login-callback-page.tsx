import { Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';

export function LoginCallbackPage() {
  return (
    <ComingSoon
      icon={Share2}
      title={strings.auth.callbackTitle}
      description={strings.auth.callbackBody}
      actions={
        <Link to="/login" className={buttonClasses()}>
          {strings.auth.backToLogin}
        </Link>
      }
    />
  );
}
