import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { Check, Copy, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { strings } from '@/i18n/strings.ar';
import { sharePayload } from '../utils/share';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The share sheet: the post's link to copy, and the system share where the browser has one (phones mostly).
 * Further targets (messaging and social intents) belong in this sheet.
 */
export function ShareDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Pick<Post, 'id' | 'content'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const payload = sharePayload(post, window.location.origin);
  const linkId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    if (await copyText(payload.url)) {
      setCopied(true);
      toast.success(msg.linkCopiedPost);
    } else {
      // Leave the link selected so it can still be copied by hand.
      input.current?.select();
      toast.error(msg.linkCopyFailed);
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: payload.title, text: payload.text, url: payload.url });
      onOpenChange(false);
    } catch {
      // Dismissing the system sheet rejects too; the dialog stays open for copying instead.
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={strings.share.title}
      description={strings.share.description}
      size="sm"
    >
      <div className="space-y-4">
        <blockquote
          dir="auto"
          className="rounded-xl border-s-4 border-brand-300 bg-slate-50 px-3.5 py-2.5 text-sm leading-7 text-slate-700"
        >
          {payload.text}
        </blockquote>
        <div>
          <label htmlFor={linkId} className="mb-1.5 block text-sm font-medium text-slate-800">
            {strings.share.link}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={linkId}
              readOnly
              dir="ltr"
              value={payload.url}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
              className={inputClasses(false)}
            />
            <Button onClick={() => void copy()} className="shrink-0">
              {copied ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              {copied ? strings.share.copied : strings.share.copy}
            </Button>
          </div>
        </div>
        {canShare ? (
          <Button variant="outline" fullWidth onClick={() => void shareNatively()}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {strings.share.native}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
