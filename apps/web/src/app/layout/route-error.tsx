import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { Button, buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';

/** Shown inside the layout when a page throws while rendering or its code fails to load (a deploy happened). */
export function RouteError() {
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
