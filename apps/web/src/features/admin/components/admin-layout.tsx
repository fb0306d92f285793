import { BarChart3, LayoutDashboard, Mail, Megaphone, ShieldAlert, type LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminStrings as s } from '@/i18n/admin.ar';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { isAdmin } from '../utils/roles';

const TABS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/admin/ads', label: s.tabs.ads, icon: Megaphone },
  { to: '/admin/analytics', label: s.tabs.analytics, icon: BarChart3 },
  { to: '/admin/messages', label: s.tabs.messages, icon: Mail },
];

function Forbidden() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center" role="alert">
      <PageTitle title={s.forbiddenTitle} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-bold text-slate-900">{s.forbiddenTitle}</h1>
      <p className="max-w-sm leading-7 text-slate-600">{s.forbiddenBody}</p>
      <Link to="/" className={buttonClasses()}>
        {strings.common.backHome}
      </Link>
    </Card>
  );
}

function AdminShell() {
  return (
    <div className="space-y-5">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <LayoutDashboard className="size-6 text-brand-600" aria-hidden="true" />
          {s.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
      </header>
      <nav aria-label={s.navLabel} className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1">
        {TABS.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              cn(
                'flex flex-1 shrink-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-4',
                'focus-visible:outline-2 focus-visible:outline-brand-600',
                isActive ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )
            }
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** `/admin`: for admins only; anyone else signed in sees a forbidden state (the server refuses them anyway). */
export function AdminLayout() {
  const role = useAuthStore((state) => state.user?.role);
  return isAdmin(role) ? <AdminShell /> : <Forbidden />;
}
