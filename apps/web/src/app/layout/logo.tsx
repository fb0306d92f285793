import { MessageCircleMore } from 'lucide-react';
import { Link } from 'react-router';
import { strings } from '@/i18n/strings.ar';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="inline-flex items-center gap-2 rounded-xl text-2xl font-bold text-brand-700"
      aria-label={`${strings.app.name}، ${strings.nav.home}`}
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-strong text-white shadow-sm">
        <MessageCircleMore className="size-5" aria-hidden="true" />
      </span>
      <span aria-hidden="true">{strings.app.name}</span>
    </Link>
  );
}
