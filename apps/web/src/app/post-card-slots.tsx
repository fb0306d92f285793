import { lazy, Suspense, type ReactNode } from 'react';
import { PostCardSlotsContext, type PostCardSlots } from '@/entities/post/components/post-card-slots';
import { VotingWidget } from '@/features/votes/components/voting-widget';

const ReportPostDialog = lazy(() =>
  import('@/features/reports/components/report-post-dialog').then((m) => ({ default: m.ReportPostDialog })),
);

const RestrictDialog = lazy(() =>
  import('@/entities/user/components/restrict-dialog').then((m) => ({ default: m.RestrictDialog })),
);

const slots: PostCardSlots = {
  voting: (post) => <VotingWidget post={post} />,
  reportDialog: (post, onOpenChange) => (
    <Suspense fallback={null}>
      <ReportPostDialog post={post} open onOpenChange={onOpenChange} />
    </Suspense>
  ),
  restrictDialog: (post, kind, onOpenChange) =>
    post.user.userId && post.user.username ? (
      <Suspense fallback={null}>
        <RestrictDialog
          kind={kind}
          userId={post.user.userId}
          username={post.user.username}
          open
          onOpenChange={onOpenChange}
        />
      </Suspense>
    ) : null,
};

/** Composes the post cards of every route with the votes and reports features (see `PostCardSlots`). */
export function PostCardFeatures({ children }: { children: ReactNode }) {
  return <PostCardSlotsContext value={slots}>{children}</PostCardSlotsContext>;
}
