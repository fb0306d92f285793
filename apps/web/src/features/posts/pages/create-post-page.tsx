import { SquarePen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { postPath } from '@/entities/post/utils/share';
import { useGoBack } from '@/hooks/use-go-back';
import { composerStrings } from '@/i18n/composer.ar';
import { PostComposer } from '../components/post-composer';

/** Spec section 2, create post: the full editor; publishing opens the new post. */
export function CreatePostPage() {
  const navigate = useNavigate();
  const goBack = useGoBack();

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageTitle title={composerStrings.composer.createTitle} />
      <header className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-solid text-white shadow-card">
          <SquarePen className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{composerStrings.composer.createTitle}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{composerStrings.composer.createSubtitle}</p>
        </div>
      </header>

      <Card className="p-5 sm:p-6">
        <PostComposer
          kind="create"
          // The editor is done with: going back from the new post returns to where the user started.
          onPublished={(post) => void navigate(postPath(post.id), { replace: true })}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
