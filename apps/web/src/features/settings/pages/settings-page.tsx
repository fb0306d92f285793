import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Bell, LockKeyhole, ShieldBan, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { SuspensionNotice } from '@/components/suspension-notice';
import { Card } from '@/components/ui/card';
import { accountStrings } from '@/i18n/account.ar';
import { notificationSettingsStrings } from '@/i18n/notification-settings.ar';
import { privacyStrings } from '@/i18n/privacy.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatMonthYear } from '@/lib/format';
import { currentUserQueryOptions } from '../api/get-current-user';
import { AccountDataSection } from '../components/account-data-section';
import { ActiveSessions } from '../components/active-sessions';
import { AvatarUpload } from '../components/avatar-upload';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { EmailStatusBadge, VerifyEmailNotice } from '../components/email-verification';
import { PrivacySection } from '../components/privacy-section';
import { ProfileForm } from '../components/profile-form';

// The notification settings are opened by few and only from their tab: their code is fetched then.
const NotificationsSection = lazy(() =>
  import('../components/notifications-section').then((module) => ({ default: module.NotificationsSection })),
);

const TABS = ['profile', 'security', 'privacy', 'notifications'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab =>
  value !== null && (TABS as readonly string[]).includes(value);

const tabClasses =
  'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-surface data-[state=active]:text-brand-700 data-[state=active]:shadow-card sm:flex-none';

export function SettingsPage() {
  const storeUser = useAuthStore((state) => state.user);
  // Signed in without a profile (its first load failed): fetch it here rather than show empty fields.
  const profile = useQuery({ ...currentUserQueryOptions(), enabled: storeUser === null });
  const user = storeUser ?? profile.data;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  // /settings#notifications is where links about notifications lead: the section's tab, scrolled to it.
  const { hash } = useLocation();
  const tab: Tab = isTab(tabParam) ? tabParam : hash === '#notifications' ? 'notifications' : 'profile';

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={accountStrings.settings.title} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{accountStrings.settings.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{accountStrings.settings.subtitle}</p>
      </header>

      {user ? <SuspensionNotice until={user.suspendedUntil ?? null} /> : null}

      {!user && profile.isPending ? <PageLoader /> : null}
      {!user && profile.isError ? (
        <ErrorState
          title={accountStrings.settings.profileLoadFailed}
          message={profile.error instanceof ApiError ? profile.error.message : undefined}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : null}

      {user ? (
        <Tabs.Root
          dir="rtl"
          value={tab}
          onValueChange={(value) => {
            setParams(value === 'profile' ? {} : { tab: value }, { replace: true });
          }}
          className="space-y-5"
        >
          {/* Four tabs do not fit side by side on a phone: there they stand two by two. */}
          <Tabs.List
            aria-label={accountStrings.settings.tabsLabel}
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex"
          >
            <Tabs.Trigger value="profile" className={tabClasses}>
              <UserRound className="size-4" aria-hidden="true" />
              {accountStrings.settings.profileTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="security" className={tabClasses}>
              <LockKeyhole className="size-4" aria-hidden="true" />
              {accountStrings.settings.securityTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="privacy" className={tabClasses}>
              <ShieldBan className="size-4" aria-hidden="true" />
              {privacyStrings.settings.tab}
            </Tabs.Trigger>
            <Tabs.Trigger value="notifications" className={tabClasses}>
              <Bell className="size-4" aria-hidden="true" />
              {notificationSettingsStrings.tab}
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="profile" className="focus-visible:outline-none">
            <Card className="divide-y divide-slate-100">
              <div className="p-5 sm:p-6">
                <AvatarUpload user={user} />
              </div>
              <dl className="grid gap-4 p-5 text-sm sm:grid-cols-3 sm:p-6">
                <div>
                  <dt className="text-slate-600">{accountStrings.settings.username}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900">
                    <bdi dir="ltr">@{user.username}</bdi>
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-600">{accountStrings.settings.email}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900">
                    {user.email ? (
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <bdi dir="ltr" className="min-w-0 truncate">
                          {user.email}
                        </bdi>
                        <EmailStatusBadge verified={user.emailVerified} />
                      </span>
                    ) : (
                      accountStrings.settings.noEmail
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">{accountStrings.settings.memberSince}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900">{formatMonthYear(user.createdAt)}</dd>
                </div>
              </dl>
              {user.email && !user.emailVerified ? (
                <div className="p-5 sm:p-6">
                  <VerifyEmailNotice user={user} />
                </div>
              ) : null}
              <div className="p-5 sm:p-6">
                <ProfileForm key={user.userId} user={user} />
              </div>
            </Card>
          </Tabs.Content>

          <Tabs.Content value="security" className="space-y-5 focus-visible:outline-none">
            <Card className="p-5 sm:p-6">
              <ActiveSessions />
            </Card>
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-bold text-slate-900">
                {accountStrings.settings.changePasswordTitle}
              </h2>
              <p className="mt-1 mb-5 text-sm text-slate-600">{accountStrings.settings.changePasswordBody}</p>
              <ChangePasswordForm />
            </Card>
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-bold text-slate-900">{accountStrings.settings.changeEmailTitle}</h2>
              <p className="mt-1 mb-5 text-sm text-slate-600">{accountStrings.settings.changeEmailBody}</p>
              <ChangeEmailForm />
            </Card>
            <Card className="p-5 sm:p-6">
              <AccountDataSection user={user} />
            </Card>
          </Tabs.Content>

          <Tabs.Content value="privacy" className="focus-visible:outline-none">
            <PrivacySection />
          </Tabs.Content>

          <Tabs.Content value="notifications" className="focus-visible:outline-none">
            <Card className="p-5 sm:p-6">
              <Suspense fallback={<PageLoader label={notificationSettingsStrings.loading} />}>
                <NotificationsSection />
              </Suspense>
            </Card>
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </div>
  );
}
