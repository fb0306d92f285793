import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { Check, Copy, Mail, MessageCircle, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { strings } from '@/i18n/strings.ar';
import { SHARE_TARGETS, sharePayload, shareTargetUrl, type ShareTarget } from '../utils/share';

function Mark({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`flex size-11 items-center justify-center rounded-full text-sm font-bold text-white ${className}`}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}

const TARGET_MARKS: Record<ShareTarget, ReactNode> = {
  whatsapp: (
    <Mark className="bg-[#25D366]">
      <MessageCircle className="size-5" />
    </Mark>
  ),
  telegram: (
    <Mark className="bg-[#229ED9]">
      <Send className="size-5 rtl:-scale-x-100" />
    </Mark>
  ),
  x: <Mark className="bg-ink-900">X</Mark>,
  linkedin: <Mark className="bg-[#0A66C2]">in</Mark>,
  facebook: <Mark className="bg-[#1877F2] text-lg">f</Mark>,
  email: (
    <Mark className="bg-slate-600">
      <Mail className="size-5" />
    </Mark>
  ),
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The share sheet: messaging, social and e-mail targets, the post's link to copy, and the system share where the
 * browser has one (phones mostly).
 */
export function ShareDialog({
  post,
  open,
  onOpenChange,
  copiedMessage = msg.linkCopied,
}: {
  post: Pick<Post, 'id' | 'content'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The confirmation once the link is on the clipboard. */
  copiedMessage?: string;
}) {
  const payload = sharePayload(post, window.location.origin);
  const linkId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    if (await copyText(payload.url)) {
      setCopied(true);
      toast.success(copiedMessage);
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
          <p className="mb-2 text-sm font-medium text-slate-800">{strings.share.via}</p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {SHARE_TARGETS.map((target) => (
              <li key={target}>
                <a
                  href={shareTargetUrl(target, post, window.location.origin)}
                  target={target === 'email' ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  aria-label={strings.share.openIn(strings.share.targets[target])}
                  className="flex flex-col items-center gap-1.5 rounded-xl p-1.5 text-xs text-slate-700 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {TARGET_MARKS[target]}
                  <span>{strings.share.targets[target]}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
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
