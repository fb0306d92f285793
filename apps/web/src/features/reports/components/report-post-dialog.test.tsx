// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { reportStrings } from '@/i18n/report.ar';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, stubServer } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { ReportPostDialog } from './report-post-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

async function sendReport(answer: Response) {
  const server = stubServer();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ReportPostDialog post={makePost(4)} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('radio', { name: reportStrings.reports.reasons.Spam }));
  fireEvent.click(screen.getByRole('button', { name: reportStrings.reports.submit }));
  await waitFor(() => {
    expect(server.requests).toHaveLength(1);
  });
  expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/reports' });
  await act(async () => {
    server.answer(answer);
    await Promise.resolve();
  });
  return onOpenChange;
}

describe('ReportPostDialog failures (spec section 8)', () => {
  it('a server failure shows «فشل في إرسال الإبلاغ» with the retry hint, and keeps the dialog open', async () => {
    const onOpenChange = await sendReport(jsonResponse(500, { message: 'boom', code: 'INTERNAL' }));
    expect(await screen.findByText(msg.reportFailed)).toBeTruthy();
    expect(screen.getByText(msg.reportFailedRetry)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('a refusal that carries the server’s reason shows that reason under the same title', async () => {
    const reason = 'لقد أبلغت عن هذا المنشور من قبل';
    await sendReport(jsonResponse(409, { message: reason, code: 'CONFLICT' }));
    expect(await screen.findByText(msg.reportFailed)).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByText(msg.reportFailedRetry)).toBeNull();
  });

  it('a sent report confirms and closes', async () => {
    const onOpenChange = await sendReport(jsonResponse(201, { success: true, reportId: 1 }));
    expect(await screen.findByText(msg.reportSent)).toBeTruthy();
    expect(screen.queryByText(msg.reportFailed)).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
