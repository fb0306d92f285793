import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { postTruthFormStrings } from '@/i18n/post-truth-forms.ar';
import { formatDateTime } from '@/lib/format';
import { usePostHistory } from '../api/get-post-history';

const text = postTruthFormStrings.history;

/**
 * The earlier contents of an edited post, newest first, each with the time it was published: the text alone,
 * as the post showed it then (votes, image and author are not versioned).
 */
export function PostHistoryDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const history = usePostHistory(postId);
  const versions = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={text.title} description={text.description}>
      <div data-testid="post-history">
        {history.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={text.title} />
          </div>
        ) : history.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-red-800">{text.failed}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void history.refetch();
              }}
            >
              {text.retry}
            </Button>
          </div>
        ) : versions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{text.empty}</p>
        ) : (
          <ol className="space-y-3">
            {versions.map((version) => (
              <li
                key={version.id}
                data-testid="post-version"
                className="rounded-xl bg-slate-50 p-3.5 ring-1 ring-slate-200/80"
              >
                <p className="text-xs text-slate-600">
                  <span className="sr-only">{text.writtenAt} </span>
                  <time dateTime={version.writtenAt}>{formatDateTime(version.writtenAt)}</time>
                </p>
                <p dir="auto" className="mt-1.5 leading-7 break-words whitespace-pre-line text-slate-800">
                  {version.content}
                </p>
              </li>
            ))}
          </ol>
        )}
        {history.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={history.isFetchingNextPage}
              onClick={() => {
                void history.fetchNextPage();
              }}
            >
              {text.more}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
