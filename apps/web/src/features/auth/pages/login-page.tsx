import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { accountStrings } from '@/i18n/account.ar';
import { returnPathFromState, returnState } from '@/lib/return-url';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { SocialLoginButtons } from '../components/social-login-buttons';

export function LoginPage() {
  const location = useLocation();
  return (
    <AuthLayout
      icon={LogIn}
      title={accountStrings.auth.loginTitle}
      subtitle={accountStrings.auth.loginSubtitle}
      footer={
        <>
          {accountStrings.auth.noAccount}{' '}
          <Link
            to="/register"
            state={returnState(location.state)}
            className="font-semibold text-brand-700 hover:underline"
          >
            {accountStrings.auth.createAccount}
          </Link>
        </>
      }
    >
      <LoginForm />
      <SocialLoginButtons returnTo={returnPathFromState(location.state) ?? '/'} />
    </AuthLayout>
  );
}
