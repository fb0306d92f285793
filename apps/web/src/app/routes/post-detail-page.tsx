import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { ArrowLeft, FileQuestion, Maximize2, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { HydrateLater } from '@/components/hydrate-later';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InlineStatus } from '@/components/ui/inline-status';
import { usePost } from '@/entities/post/api/get-post';
import { BookmarkButton } from '@/entities/post/components/bookmark-button';
import { PostContent } from '@/entities/post/components/post-content';
import { PostHeader } from '@/entities/post/components/post-header';
import { PostImage } from '@/entities/post/components/post-image';
import { PostMenu } from '@/entities/post/components/post-menu';
import { ShareButton } from '@/entities/post/components/share-button';
import { usePostActions } from '@/entities/post/hooks/use-post-actions';
import { imageAltOf } from '@/entities/post/utils/image-alt';
import { excerpt } from '@/entities/post/utils/truncate';
import { CommentsSection as PostComments } from '@/features/comments/components/comments-section';
import { useDeletePost } from '@/features/posts/api/delete-post';
import { VotingPanel } from '@/features/votes/components/voting-panel';
import { useGoBack } from '@/hooks/use-go-back';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { strings } from '@/i18n/strings.ar';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';

const ImageViewerDialog = lazy(() =>
  import('@/entities/post/components/image-viewer-dialog').then((m) => ({ default: m.ImageViewerDialog })),
);
const DeleteDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.DeleteDialog })),
);
const RestrictDialog = lazy(() =>
  import('@/entities/user/components/restrict-dialog').then((m) => ({ default: m.RestrictDialog })),
);
const ReportPostDialog = lazy(() =>
  import('@/features/reports/components/report-post-dialog').then((m) => ({ default: m.ReportPostDialog })),
);

type Dialog = 'image' | 'delete' | 'share' | 'report' | 'block' | 'mute' | null;

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ms-2">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {strings.posts.back}
    </Button>
  );
}

function PostNotFound({ onBack }: { onBack: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <PageTitle title={msg.postNotFound} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
        <FileQuestion className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-bold text-slate-900">{msg.postNotFound}</h1>
      <p className="max-w-sm leading-7 text-slate-600">{strings.posts.notFoundBody}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onBack}>
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {strings.posts.back}
        </Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {strings.common.backHome}
        </Link>
      </div>
    </Card>
  );
}

/** Comments arrive with their own feature; this section is where they go, and where `#comments` lands. */
function CommentsSection({ count, postId }: { count: number; postId: number }) {
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <Card className="p-5 sm:p-6">
        <h2 id="comments-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <MessageCircle className="size-5 text-brand-600" aria-hidden="true" />
          {strings.posts.comments}
          <span className="text-sm font-medium text-slate-600 tabular-nums">({formatNumber(count)})</span>
        </h2>
        <HydrateLater>
          <PostComments postId={postId} />
        </HydrateLater>
      </Card>
    </section>
  );
}

function PostDetail({ post, onBack }: { post: Post; onBack: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const actions = usePostActions(post, () => {
    setDialog('report');
  });
  const remove = useDeletePost();
  const { hash } = useLocation();

  useMetaDescription(excerpt(post.content, META_DESCRIPTION_MAX));

  useEffect(() => {
    if (hash === '#comments') document.getElementById('comments')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const confirmDelete = () => {
    remove.mutate(post.id, {
      onSuccess: () => {
        toast.success(msg.postDeleted);
        setDialog(null);
        onBack();
      },
      onError: (error) => {
        toast.error(
          error instanceof ApiError && error.hasServerMessage && error.status < 500
            ? error.message
            : msg.postDeleteFailed,
        );
      },
    });
  };

  return (
    <>
      <PageTitle title={excerpt(post.content, META_TITLE_MAX)} />
      <article aria-labelledby="post-author" data-testid="post-detail">
        <Card className="p-4 sm:p-6">
          <PostHeader
            post={post}
            nameId="post-author"
            linkTime={false}
            size="lg"
            menu={
              <PostMenu
                post={post}
                onShare={() => {
                  setDialog('share');
                }}
                onToggleBookmark={actions.toggleBookmark}
                onReport={actions.report}
                onEdit={actions.edit}
                onDelete={() => {
                  setDialog('delete');
                }}
                restrict={
                  actions.isAuthenticated && !post.isOwner && !post.isAnonymous && post.user.username
                    ? {
                        username: post.user.username,
                        onBlock: () => {
                          setDialog('block');
                        },
                        onMute: () => {
                          setDialog('mute');
                        },
                      }
                    : undefined
                }
              />
            }
          />

          <PostContent content={post.content} mentions={post.mentions} size="lg" className="mt-4" />

          {post.imageUrl ? (
            <button
              type="button"
              onClick={() => {
                setDialog('image');
              }}
              aria-label={strings.posts.openImage}
              className="group relative mt-4 block w-full cursor-zoom-in overflow-hidden rounded-xl"
            >
              <PostImage
                key={post.imageUrl}
                imageUrl={post.imageUrl}
                thumbnailUrl={post.thumbnailUrl}
                alt={imageAltOf(post)}
                fit="contain"
                preferFull
                priority
                className="max-h-[400px]"
              />
              <span className="absolute end-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-ink-900/60 text-white opacity-0 backdrop-blur transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                <Maximize2 className="size-4" aria-hidden="true" />
              </span>
            </button>
          ) : null}

          <div className="mt-5 rounded-2xl bg-slate-50/80 p-4 ring-1 ring-slate-100">
            <VotingPanel post={post} />
          </div>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
            <p className="text-xs text-slate-600">
              <time dateTime={post.createdAt} suppressHydrationWarning>
                {formatDateTime(post.createdAt)}
              </time>
            </p>
            <div className="flex items-center gap-1">
              <a
                href="#comments"
                className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <MessageCircle className="size-4.5" aria-hidden="true" />
                {formatCount(post.commentCount, strings.counts.comments)}
              </a>
              <InlineStatus message={actions.bookmarkStatus} />
              <BookmarkButton bookmarked={post.isBookmarked} onToggle={actions.toggleBookmark} />
              <ShareButton
                post={post}
                open={dialog === 'share'}
                onOpenChange={(open) => {
                  setDialog(open ? 'share' : null);
                }}
              />
            </div>
          </div>
        </Card>
      </article>

      <AdSlot placement="PostDetail" />
      <CommentsSection count={post.commentCount} postId={post.id} />

      <Suspense fallback={null}>
        {dialog === 'image' && post.imageUrl ? (
          <ImageViewerDialog
            open
            onOpenChange={close}
            imageUrl={post.imageUrl}
            thumbnailUrl={post.thumbnailUrl}
            alt={imageAltOf(post)}
          />
        ) : null}
        {dialog === 'delete' ? (
          <DeleteDialog
            copy={strings.posts}
            open
            onOpenChange={close}
            onConfirm={confirmDelete}
            deleting={remove.isPending}
          />
        ) : null}
        {dialog === 'report' ? <ReportPostDialog post={post} open onOpenChange={close} /> : null}
        {(dialog === 'block' || dialog === 'mute') && post.user.userId && post.user.username ? (
          <RestrictDialog
            kind={dialog}
            userId={post.user.userId}
            username={post.user.username}
            open
            onOpenChange={close}
            // A blocked author's post is no longer there to read.
            onDone={dialog === 'block' ? onBack : undefined}
          />
        ) : null}
      </Suspense>
    </>
  );
}

export function PostDetailPage() {
  const { postId } = useParams();
  const id = Number(postId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = usePost(id, { enabled: valid });
  const goBack = useGoBack();

  if (!valid || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="mx-auto max-w-3xl">
        <PostNotFound onBack={goBack} />
      </div>
    );
  }
  let body;
  if (query.data) {
    body = <PostDetail post={query.data} onBack={goBack} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title={msg.postLoadFailed}
        message={query.error instanceof ApiError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        <Button variant="ghost" size="sm" onClick={goBack}>
          {strings.posts.back}
        </Button>
      </ErrorState>
    );
  } else {
    body = <PageLoader />;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackButton onBack={goBack} />
      {body}
    </div>
  );
}
