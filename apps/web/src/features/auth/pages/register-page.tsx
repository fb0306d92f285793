import { UserPlus } from 'lucide-react';
import { useLocation } from 'react-router';
import { accountStrings } from '@/i18n/account.ar';
import { returnPathFromState } from '@/lib/return-url';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { RegisterForm } from '../components/register-form';
import { SocialLoginButtons } from '../components/social-login-buttons';

export function RegisterPage() {
  const location = useLocation();
  return (
    <AuthLayout
      icon={UserPlus}
      title={accountStrings.auth.registerTitle}
      subtitle={accountStrings.auth.registerSubtitle}
      footer={
        <div className="flex flex-col items-center gap-2">
          <p>
            {accountStrings.auth.haveAccount}{' '}
            <AuthLink to="/login" strong>
              {accountStrings.auth.goToLogin}
            </AuthLink>
          </p>
          <AuthLink to="/forgot-password">{accountStrings.auth.forgotPasswordLink}</AuthLink>
        </div>
      }
    >
      <RegisterForm />
      <SocialLoginButtons returnTo={returnPathFromState(location.state) ?? '/'} />
    </AuthLayout>
  );
}
