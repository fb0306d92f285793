import { lazy } from 'react';
import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { NavigationBridge } from './navigation-bridge';
import { PostCardFeatures } from './post-card-slots';

/* Every page is its own chunk, so the first screen downloads only the layout and the page it shows. */
const HomePage = lazy(() => import('@/app/routes/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() =>
  import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
const LoginCallbackPage = lazy(() =>
  import('@/features/auth/pages/login-callback-page').then((m) => ({ default: m.LoginCallbackPage })),
);
const MobileCallbackPage = lazy(() =>
  import('@/features/auth/pages/mobile-callback-page').then((m) => ({ default: m.MobileCallbackPage })),
);
const RegisterPage = lazy(() =>
  import('@/features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const UnsubscribePage = lazy(() =>
  import('@/features/settings/pages/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const AboutPage = lazy(() =>
  import('@/features/pages/pages/about-page').then((m) => ({ default: m.AboutPage })),
);
const PrivacyPage = lazy(() =>
  import('@/features/pages/pages/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const NotFoundPage = lazy(() =>
  import('@/features/pages/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const ContactPage = lazy(() =>
  import('@/features/contact/pages/contact-page').then((m) => ({ default: m.ContactPage })),
);
const FaqPage = lazy(() => import('@/features/faq/pages/faq-page').then((m) => ({ default: m.FaqPage })));
const SearchPage = lazy(() =>
  import('@/features/search/pages/search-page').then((m) => ({ default: m.SearchPage })),
);
const TrendsPage = lazy(() =>
  import('@/features/trends/pages/trends-page').then((m) => ({ default: m.TrendsPage })),
);
const HashtagPage = lazy(() =>
  import('@/features/hashtags/pages/hashtag-page').then((m) => ({ default: m.HashtagPage })),
);
const PostDetailPage = lazy(() =>
  import('@/app/routes/post-detail-page').then((m) => ({ default: m.PostDetailPage })),
);
const EditPostPage = lazy(() =>
  import('@/features/posts/pages/edit-post-page').then((m) => ({ default: m.EditPostPage })),
);
const CreatePostPage = lazy(() =>
  import('@/features/posts/pages/create-post-page').then((m) => ({ default: m.CreatePostPage })),
);
const MyPostsPage = lazy(() =>
  import('@/features/posts/pages/my-posts-page').then((m) => ({ default: m.MyPostsPage })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const BookmarksPage = lazy(() =>
  import('@/features/bookmarks/pages/bookmarks-page').then((m) => ({ default: m.BookmarksPage })),
);
const NotificationsPage = lazy(() =>
  import('@/features/notifications/pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const SettingsPage = lazy(() =>
  import('@/app/routes/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const ModerationPage = lazy(() =>
  import('@/features/moderation/pages/moderation-page').then((m) => ({ default: m.ModerationPage })),
);
const AdminLayout = lazy(() =>
  import('@/features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);
const AdminAdsPage = lazy(() =>
  import('@/features/admin/pages/admin-ads-page').then((m) => ({ default: m.AdminAdsPage })),
);
const AdminAdEditorPage = lazy(() =>
  import('@/features/admin/pages/admin-ad-editor-page').then((m) => ({ default: m.AdminAdEditorPage })),
);
const AdminAnalyticsPage = lazy(() =>
  import('@/features/admin/pages/admin-analytics-page').then((m) => ({ default: m.AdminAnalyticsPage })),
);
const AdminMessagesPage = lazy(() =>
  import('@/features/contact/pages/admin-messages-page').then((m) => ({ default: m.AdminMessagesPage })),
);
const AdminAuditLogPage = lazy(() =>
  import('@/features/admin/pages/admin-audit-log-page').then((m) => ({ default: m.AdminAuditLogPage })),
);
const AdminAppearancePage = lazy(() =>
  import('@/features/admin/pages/admin-appearance-page').then((m) => ({ default: m.AdminAppearancePage })),
);
const AdminMaintenancePage = lazy(() =>
  import('@/features/admin/pages/admin-maintenance-page').then((m) => ({ default: m.AdminMaintenancePage })),
);

/** The route table of spec section 2. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Pathless, so a page that fails keeps the header and footer around its error.
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'login/callback', element: <LoginCallbackPage /> },
              { path: 'auth/mobile/callback', element: <MobileCallbackPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'create-post', element: <CreatePostPage /> },
              { path: 'my-posts', element: <MyPostsPage /> },
              { path: 'bookmarks', element: <BookmarksPage /> },
              { path: 'notifications', element: <NotificationsPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'moderation', element: <ModerationPage /> },
              {
                path: 'admin',
                element: <AdminLayout />,
                children: [
                  { index: true, element: <Navigate to="ads" replace /> },
                  { path: 'ads', element: <AdminAdsPage /> },
                  { path: 'ads/new', element: <AdminAdEditorPage /> },
                  { path: 'ads/:adId/edit', element: <AdminAdEditorPage /> },
                  { path: 'analytics', element: <AdminAnalyticsPage /> },
                  { path: 'messages', element: <AdminMessagesPage /> },
                  { path: 'audit-log', element: <AdminAuditLogPage /> },
                  { path: 'appearance', element: <AdminAppearancePage /> },
                  { path: 'maintenance', element: <AdminMaintenancePage /> },
                ],
              },
            ],
          },
          {
            element: <RequireAuth message={msg.loginToEditPost} />,
            children: [{ path: 'posts/:postId/edit', element: <EditPostPage /> }],
          },
          // Signed in or not: the link may be opened on any device.
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'faq', element: <FaqPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'trends', element: <TrendsPage /> },
          { path: 'wasm/:hashtagName', element: <HashtagPage /> },
          { path: 'posts/:postId', element: <PostDetailPage /> },
          { path: 'profile/:userId', element: <ProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <>
      <NavigationBridge />
      <PostCardFeatures>{element}</PostCardFeatures>
    </>
  );
}
