import { ContactMessagesPanel } from '@/features/contact/components/contact-messages-panel';
import { PageTitle } from '@/components/page-title';
import { adminStrings } from '@/i18n/admin.ar';

/** `/admin/messages`: the contact form's inbox, owned by the contact feature and shown here as a tab. */
export function AdminMessagesPage() {
  return (
    <>
      <PageTitle title={`${adminStrings.messages.title} | ${adminStrings.title}`} />
      <ContactMessagesPanel />
    </>
  );
}
