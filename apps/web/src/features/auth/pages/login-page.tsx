import { LogIn } from 'lucide-react';
import { useLocation } from 'react-router';
import { accountStrings } from '@/i18n/account.ar';
import { returnPathFromState } from '@/lib/return-url';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
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
          <AuthLink to="/register" strong>
            {accountStrings.auth.createAccount}
          </AuthLink>
        </>
      }
    >
      <LoginForm />
      <SocialLoginButtons returnTo={returnPathFromState(location.state) ?? '/'} />
    </AuthLayout>
  );
}
