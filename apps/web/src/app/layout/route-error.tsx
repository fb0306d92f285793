import { RotateCcw } from 'lucide-react';
import { Component, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { Button, buttonClasses } from '@/components/ui/button';
import { strings } from '@/i18n/strings.ar';
import { track } from '@/lib/analytics';

/** Shown inside the layout when a page throws while rendering or its code fails to load (a deploy happened). */
function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    track('error', {
      kind: 'route',
      status: null,
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

interface BoundaryProps {
  /** Moving to another page clears the error, so the rest of the site stays usable. */
  resetKey: string;
  children: ReactNode;
}

type BoundaryState = { resetKey: string; failure: { error: unknown } | null };

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { resetKey: this.props.resetKey, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failure: null };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/** The pages' outlet: a page that fails keeps the header and footer around its error. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}
