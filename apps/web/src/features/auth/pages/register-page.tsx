import { UserPlus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { accountStrings } from '@/i18n/account.ar';
import { returnPathFromState, returnState } from '@/lib/return-url';
import { AuthLayout } from '../components/auth-layout';
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
            <Link
              to="/login"
              state={returnState(location.state)}
              className="font-semibold text-brand-700 hover:underline"
            >
              {accountStrings.auth.goToLogin}
            </Link>
          </p>
          <Link
            to="/forgot-password"
            state={returnState(location.state)}
            className="font-medium text-brand-700 hover:underline"
          >
            {accountStrings.auth.forgotPasswordLink}
          </Link>
        </div>
      }
    >
      <RegisterForm />
      <SocialLoginButtons returnTo={returnPathFromState(location.state) ?? '/'} />
    </AuthLayout>
  );
}
