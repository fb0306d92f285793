import { msg } from '@ray/shared/messages.ar';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { Download, FileArchive, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { accountDataStrings as text } from '@/i18n/account-data.ar';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDownloadAccountData, type AccountDataFile } from '../api/download-account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

const failure = (error: unknown) =>
  error instanceof ApiError && error.hasServerMessage ? error.message : msg.genericRetry;

/** «بياناتك»: a copy of everything the product holds about the user, and the deletion of the account. */
export function AccountDataSection({ user }: { user: Pick<CurrentUser, 'username' | 'hasPassword'> }) {
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  const pending = download.isPending ? download.variables : null;

  const start = (kind: AccountDataFile) => {
    download.mutate(kind, {
      onSuccess: () => {
        toast.success(text.downloadStarted);
      },
      onError: (error) => {
        toast.error(failure(error));
      },
    });
  };

  return (
    <section aria-labelledby="account-data-title" className="space-y-5">
      <div>
        <h2 id="account-data-title" className="text-lg font-bold text-slate-900">
          {text.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{text.body}</p>
      </div>

      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">{text.accessTitle}</h3>
        <p className="text-sm text-slate-600">{text.accessBody}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="outline"
            loading={pending === 'data'}
            disabled={download.isPending}
            onClick={() => {
              start('data');
            }}
          >
            <Download className="size-4" aria-hidden="true" />
            {text.downloadData}
          </Button>
          <Button
            variant="outline"
            loading={pending === 'images'}
            disabled={download.isPending}
            onClick={() => {
              start('images');
            }}
          >
            <FileArchive className="size-4" aria-hidden="true" />
            {text.downloadImages}
          </Button>
        </div>
        <p className="text-xs text-slate-500">{text.imagesHint}</p>
      </div>

      <div className="space-y-3 rounded-xl border border-red-200 p-4">
        <h3 className="font-semibold text-red-800">{text.deletionTitle}</h3>
        <p className="text-sm text-slate-600">{text.deletionBody}</p>
        <Button
          variant="danger"
          onClick={() => {
            setDeleting(true);
          }}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {text.deleteAccount}
        </Button>
      </div>

      <DeleteAccountDialog user={user} open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}
