import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorState, PageLoader } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { useAdminAd } from '../api/get-admin-ad';
import { useSaveAd } from '../api/save-ad';
import { AdForm } from '../components/ad-form';
import { adToForm, emptyAdForm, type AdFormValues } from '../utils/ad-form';

const s = adminStrings.adForm;

function BackLink() {
  return (
    <Link
      to="/admin/ads"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {s.back}
    </Link>
  );
}

function NotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <FileQuestion className="size-8 text-slate-400" aria-hidden="true" />
      <p className="font-semibold text-slate-900">{s.notFound}</p>
      <Link to="/admin/ads" className={buttonClasses({ variant: 'outline' })}>
        {s.back}
      </Link>
    </Card>
  );
}

function Editor({ id, initial }: { id: number | null; initial: AdFormValues }) {
  const save = useSaveAd(id);
  const navigate = useNavigate();
  const title = id === null ? s.createTitle : s.editTitle;
  return (
    <div className="space-y-4">
      <PageTitle title={`${title} | ${adminStrings.title}`} />
      <BackLink />
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <AdForm
        initial={initial}
        mode={id === null ? 'create' : 'edit'}
        onSubmit={async (input) => {
          await save.mutateAsync(input);
          toast.success(id === null ? s.created : s.saved);
          await navigate('/admin/ads');
        }}
      />
    </div>
  );
}

function EditExisting({ id }: { id: number }) {
  const query = useAdminAd(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError && !query.data) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  // Keyed on the ad, so the form starts again from the stored values when another ad is opened.
  return <Editor key={query.data.id} id={query.data.id} initial={adToForm(query.data)} />;
}

/** `/admin/ads/new` and `/admin/ads/:adId/edit`. */
export function AdminAdEditorPage() {
  const { adId } = useParams();
  if (adId === undefined) return <Editor key="new" id={null} initial={emptyAdForm()} />;
  const id = /^\d{1,15}$/.test(adId) ? Number(adId) : Number.NaN;
  return Number.isNaN(id) ? <NotFound /> : <EditExisting id={id} />;
}
