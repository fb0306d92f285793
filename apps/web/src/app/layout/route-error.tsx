import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { Button, buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';
import { track } from '@/lib/analytics';

/** Shown inside the layout when a page throws while rendering or its code fails to load (a deploy happened). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    track('error', {
      kind: 'route',
      status: isRouteErrorResponse(error) ? error.status : null,
      code: error instanceof Error ? error.name : null,
      message: error instanceof Error ? error.message : null,
    });
  }, [error]);
  return (
    <ErrorState title={strings.errors.pageCrashedTitle} message={strings.errors.pageCrashedBody}>
      <div className="mt-1 flex flex-wrap justify-center gap-3">
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          {strings.errors.reload}
        </Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {strings.common.backHome}
        </Link>
      </div>
    </ErrorState>
  );
}
