import {
  BarChart3,
  LayoutDashboard,
  Mail,
  Megaphone,
  Moon,
  ScrollText,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ForbiddenState, PageLoader } from '@/components/page-states';
import { adminStrings as s } from '@/i18n/admin.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { isAdmin } from '../utils/roles';

const TABS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/admin/ads', label: s.tabs.ads, icon: Megaphone },
  { to: '/admin/analytics', label: s.tabs.analytics, icon: BarChart3 },
  { to: '/admin/messages', label: s.tabs.messages, icon: Mail },
  { to: '/admin/audit-log', label: s.tabs.auditLog, icon: ScrollText },
  { to: '/admin/appearance', label: s.tabs.appearance, icon: Moon },
  { to: '/admin/maintenance', label: s.tabs.maintenance, icon: Wrench },
];

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
                isActive ? 'bg-surface text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
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
  return isAdmin(role) ? <AdminShell /> : <ForbiddenState title={s.forbiddenTitle} body={s.forbiddenBody} />;
}
