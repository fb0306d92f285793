import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { strings } from '@/i18n/strings.ar';

/**
 * Visitors who try something that needs an account (vote, save, report) get the action's own message with a
 * shortcut to /login that brings them back to this page.
 */
export function useLoginPrompt(): (message: string) => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (message: string) => {
      toast.info(message, {
        id: message,
        action: {
          label: strings.nav.login,
          onClick: () => {
            void navigate('/login', { state: { from: `${pathname}${search}${hash}` } });
          },
        },
      });
    },
    [navigate, pathname, search, hash],
  );
}
