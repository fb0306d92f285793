import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * The footer of a paged list loaded by button: the button while there is more, a spinner while the next page
 * arrives, and a retry when it failed. Shows nothing once the list is complete.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoadMore,
  labels,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  labels: { loadMore: string; loadingMore: string; nextPageFailed: string; retry: string };
}) {
  if (loading) {
    return (
      <p className="flex justify-center py-2">
        <Spinner label={labels.loadingMore} />
      </p>
    );
  }
  if (failed) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl bg-surface px-4 py-6 text-center shadow-card ring-1 ring-slate-200/80"
      >
        <p className="text-sm font-medium text-slate-800">{labels.nextPageFailed}</p>
        <Button variant="outline" size="sm" onClick={onLoadMore}>
          {labels.retry}
        </Button>
      </div>
    );
  }
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onLoadMore}>
        {labels.loadMore}
      </Button>
    </div>
  );
}
