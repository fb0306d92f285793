import { Link } from 'react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { strings } from '@/i18n/strings.ar';
import { Logo } from './logo';
import { FOOTER_LINKS } from './nav-links';

const YEAR = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="mt-10 border-t border-slate-200 bg-surface">
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <AdSlot placement="Footer" />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-3">
          <Logo />
          <p className="text-sm leading-7 text-slate-600">{strings.footer.about}</p>
        </div>
        <nav aria-label={strings.nav.footerNavigation}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-600">{strings.footer.rights(YEAR)}</p>
      </div>
    </footer>
  );
}
