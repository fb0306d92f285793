import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { PencilLine } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { usePost } from '@/entities/post/api/get-post';
import { postPath } from '@/entities/post/utils/share';
import { composerStrings } from '@/i18n/composer.ar';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { PostComposer } from '../components/post-composer';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function EditPostForm({ post }: { post: Post }) {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const backTo = isRecord(state) && typeof state.backTo === 'string' ? state.backTo : null;
  return (
    <PostComposer
      kind="edit"
      post={post}
      onSaved={() => {
        // Opened from the post's own page: go back to it rather than stack a second copy in the history.
        if (backTo === postPath(post.id)) void navigate(-1);
        else void navigate(postPath(post.id), { replace: true });
      }}
    />
  );
}

/** Spec section 2, edit post: the author changes text, anonymity, image and location; missing posts go home. */
export function EditPostPage() {
  const { postId } = useParams();
  const id = Number(postId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const query = usePost(id, { enabled: valid });
  const post = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (!valid) {
      toast.error(msg.postIdRequired, { id: 'edit-post-missing' });
      void navigate('/', { replace: true });
    } else if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      toast.error(missing ? msg.postNotFound : msg.postLoadFailed, { id: 'edit-post-missing' });
      void navigate('/', { replace: true });
    } else if (post && !post.isOwner) {
      toast.error(msg.forbidden, { id: 'edit-post-forbidden' });
      void navigate(postPath(post.id), { replace: true });
    }
  }, [valid, query.isError, query.error, post, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageTitle title={composerStrings.composer.editTitle} />
      <header className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-solid text-white shadow-card">
          <PencilLine className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{composerStrings.composer.editTitle}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{composerStrings.composer.editSubtitle}</p>
        </div>
      </header>
      <Card className="p-5 sm:p-6">
        {post?.isOwner ? <EditPostForm key={post.id} post={post} /> : <PageLoader />}
      </Card>
    </div>
  );
}
