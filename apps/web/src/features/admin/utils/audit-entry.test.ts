import type { AuditEntry } from '@ray/shared/schemas/audit';
import { describe, expect, it } from 'vitest';
import { adminStrings } from '@/i18n/admin.ar';
import { communityStrings } from '@/i18n/community.ar';
import { describeAuditEntry, type AuditCopy } from './audit-entry';

const copy: AuditCopy = {
  ...adminStrings.auditLog,
  adStatus: adminStrings.ads.columns.status,
  statuses: communityStrings.moderation.statuses,
  reportedPost: communityStrings.moderation.reportedPost,
  reportedComment: communityStrings.moderation.reportedComment,
};
const read = (entry: AuditEntry) => describeAuditEntry(entry, copy, (iso) => `date:${iso}`);

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actorId: '00000000-0000-4000-8000-000000000001',
  actorName: 'سارة العتيبي',
  actorRole: 'moderator',
  action: 'report.status',
  targetType: 'report',
  targetId: '7',
  details: null,
  createdAt: '2031-01-05T09:07:00.000Z',
  ...overrides,
});

describe('audit entries', () => {
  it('reads a report decision with its new status and the reported item', () => {
    const view = read(
      entry({
        details: { status: 3, statusName: 'Approved', contentType: 'comment', contentId: 12, note: 'مخالف' },
      }),
    );
    expect(view.action).toBe('قرار في بلاغ');
    expect(view.actor).toBe('سارة العتيبي (مشرف)');
    expect(view.target.text).toBe('البلاغ رقم 7');
    expect(view.details).toEqual([
      { label: 'الحالة الجديدة', value: 'مقبول' },
      { label: 'التعليق المُبلَّغ عنه', value: 'التعليق رقم 12' },
      { label: 'الملاحظة', value: 'مخالف', userText: true },
    ]);
  });

  it('names the hidden author of an anonymous item only by the item and its handle', () => {
    const view = read(
      entry({
        action: 'author.suspend',
        targetType: 'author',
        targetId: 'DCG55bPOnB-LJlcoFFOm7rh3hYSH',
        details: { contentType: 'post', contentId: 5, until: '2031-02-01T10:00:00.000Z' },
      }),
    );
    expect(view.action).toBe('إيقاف صاحب محتوى مجهول');
    expect(view.target).toEqual({
      text: 'صاحب المنشور رقم 5 (هويته مخفية)',
      handle: 'DCG55bPOnB-LJlcoFFOm7rh3hYSH',
      href: '/posts/5',
    });
    expect(view.details[0]).toEqual({ label: 'حتى', value: 'date:2031-02-01T10:00:00.000Z' });
  });

  it('reads a change of the platform settings: the dark theme offered', () => {
    const view = read(
      entry({
        action: 'config.update',
        targetType: 'config',
        targetId: 'app-config',
        details: { darkMode: true },
      }),
    );
    expect(view.target).toEqual({ text: 'إعدادات المنصة' });
    expect(view.details).toEqual([{ label: 'إعدادات المنصة', value: 'إتاحة المظهر الداكن' }]);
  });

  it('keeps an action it does not know readable', () => {
    const view = read(entry({ action: 'future.thing', targetType: 'other', targetId: 'x' }));
    expect(view.action).toBe('future.thing');
    expect(view.target.text).toBe('x');
  });
});
