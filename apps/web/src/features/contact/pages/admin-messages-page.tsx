import { PageTitle } from '@/components/page-title';
import { adminStrings } from '@/i18n/admin.ar';
import { ContactMessagesPanel } from '../components/contact-messages-panel';

/** `/admin/messages`: the contact form's inbox, a tab of the admin area that the contact feature owns. */
export function AdminMessagesPage() {
  return (
    <>
      <PageTitle title={`${adminStrings.messages.title} | ${adminStrings.title}`} />
      <ContactMessagesPanel />
    </>
  );
}
