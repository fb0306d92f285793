import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@ray/shared/schemas/audit';
import { REPORT_STATUS_NAMES, type ReportStatusName } from '@ray/shared/schemas/report';

/** The copy a row needs: the audit log's own, and names it shares with the moderation and ads screens. */
export interface AuditCopy {
  actions: Record<AuditAction, string>;
  roles: Record<string, string>;
  report: (id: string) => string;
  post: (id: string) => string;
  comment: (id: string) => string;
  authorOf: (item: string) => string;
  userProfile: string;
  ad: (title: string) => string;
  adNumber: (id: string) => string;
  adStatus: string;
  adState: (active: boolean) => string;
  config: string;
  maintenance: (on: boolean) => string;
  darkMode: (on: boolean) => string;
  newStatus: string;
  statuses: Record<ReportStatusName, string>;
  reportedPost: string;
  reportedComment: string;
  until: string;
  message: string;
  note: string;
}

export interface AuditEntryView {
  action: string;
  actor: string;
  target: { text: string; href?: string; handle?: string };
  details: { label: string; value: string; userText?: boolean }[];
}

const isKnown = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function item(s: AuditCopy, type: unknown, id: unknown): { text: string; href?: string } {
  const key = String(id);
  if (type === 'comment') return { text: s.comment(key) };
  return { text: s.post(key), href: `/posts/${key}` };
}

/** How a row of the audit log reads in the admin screen: the action, who did it, to what, and the particulars. */
export function describeAuditEntry(
  entry: AuditEntry,
  s: AuditCopy,
  formatDate: (iso: string) => string,
): AuditEntryView {
  const details = entry.details ?? {};
  const view: AuditEntryView = {
    action: isKnown(entry.action) ? s.actions[entry.action] : entry.action,
    actor: `${entry.actorName} (${s.roles[entry.actorRole] ?? entry.actorRole})`,
    target: { text: entry.targetId },
    details: [],
  };
  switch (entry.targetType) {
    case 'report': {
      view.target = { text: s.report(entry.targetId) };
      const status = typeof details.status === 'number' ? REPORT_STATUS_NAMES[details.status - 1] : undefined;
      if (status) view.details.push({ label: s.newStatus, value: s.statuses[status] });
      if (details.contentId !== undefined)
        view.details.push({
          label: details.contentType === 'comment' ? s.reportedComment : s.reportedPost,
          value: item(s, details.contentType, details.contentId).text,
        });
      break;
    }
    case 'post':
    case 'comment':
      view.target = item(s, entry.targetType, entry.targetId);
      break;
    case 'author': {
      const about = item(s, details.contentType, details.contentId);
      view.target = { text: s.authorOf(about.text), handle: entry.targetId };
      if (about.href) view.target.href = about.href;
      break;
    }
    case 'user':
      view.target = { text: s.userProfile, href: `/profile/${entry.targetId}` };
      break;
    case 'ad': {
      const title = text(details.title);
      view.target = {
        text: title ? s.ad(title) : s.adNumber(entry.targetId),
        href: `/admin/ads/${entry.targetId}/edit`,
      };
      if (typeof details.isActive === 'boolean')
        view.details.push({ label: s.adStatus, value: s.adState(details.isActive) });
      break;
    }
    case 'config':
      view.target = { text: s.config };
      if (typeof details.maintenanceMode === 'boolean')
        view.details.push({ label: s.config, value: s.maintenance(details.maintenanceMode) });
      if (typeof details.darkMode === 'boolean')
        view.details.push({ label: s.config, value: s.darkMode(details.darkMode) });
      break;
  }
  const until = text(details.until);
  if (until) view.details.push({ label: s.until, value: formatDate(until) });
  const message = text(details.message);
  if (message) view.details.push({ label: s.message, value: message, userText: true });
  const note = text(details.note);
  if (note) view.details.push({ label: s.note, value: note, userText: true });
  return view;
}
