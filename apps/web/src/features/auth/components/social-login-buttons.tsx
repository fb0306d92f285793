import type { SocialProvider } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { Apple, Ghost, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { accountStrings } from '@/i18n/account.ar';
import { cn } from '@/lib/cn';
import { rememberReturnUrl } from '@/lib/return-url';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { getExternalLoginUrl } from '../api/external-login';
import { markExternalSignIn } from '../utils/pending-sign-in';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

function Monogram({ letter, className }: { letter: string; className: string }) {
  return (
    <span
      className={cn(
        'flex size-5 items-center justify-center rounded text-xs leading-none font-bold',
        className,
      )}
      aria-hidden="true"
    >
      {letter}
    </span>
  );
}

const PROVIDERS: Record<SocialProvider, { name: string; mark: ReactNode }> = {
  google: { name: 'Google', mark: <GoogleMark /> },
  facebook: { name: 'Facebook', mark: <Monogram letter="f" className="bg-[#1877F2] text-white" /> },
  apple: { name: 'Apple', mark: <Apple className="size-5 text-slate-900" aria-hidden="true" /> },
  twitter: { name: 'X', mark: <Monogram letter="X" className="bg-ink-900 text-white" /> },
  snapchat: {
    name: 'Snapchat',
    mark: <Ghost className="size-5 rounded bg-[#FFFC00] p-0.5 text-slate-900" aria-hidden="true" />,
  },
  github: { name: 'GitHub', mark: <Monogram letter="GH" className="bg-ink-800 text-[9px] text-white" /> },
};

/**
 * One button per provider enabled in the runtime configuration; nothing when none is. The page to come back to
 * is stored before the browser leaves, because the provider returns to /login/callback, not to it.
 */
export function SocialLoginButtons({ returnTo }: { returnTo: string }) {
  const providers = getRuntimeConfig().socialProviders;
  const [pending, setPending] = useState<SocialProvider | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: SocialProvider) {
    setPending(provider);
    rememberReturnUrl(returnTo);
    const binding = markExternalSignIn();
    try {
      const url = await getExternalLoginUrl(provider, `${window.location.origin}/login/callback`, binding);
      window.location.assign(url);
    } catch {
      toast.error(msg.socialLoginFailed(PROVIDERS[provider].name));
      setPending(null);
    }
  }

  return (
    <div className="mt-6">
      <div className="relative my-5 flex items-center" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        <span className="px-3 text-xs text-slate-600">{accountStrings.auth.socialDivider}</span>
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className={cn('grid grid-cols-1 gap-2.5', providers.length > 1 && 'sm:grid-cols-2')}>
        {providers.map((provider) => {
          const { name, mark } = PROVIDERS[provider];
          return (
            <li key={provider}>
              <button
                type="button"
                disabled={pending !== null}
                aria-busy={pending === provider || undefined}
                onClick={() => void start(provider)}
                className="flex h-11 w-full items-center justify-center gap-2.5 rounded-xl bg-surface px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 transition-colors ring-inset hover:bg-slate-50 disabled:opacity-60"
              >
                {pending === provider ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : mark}
                <span className="whitespace-nowrap">{accountStrings.auth.socialContinue(name)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
