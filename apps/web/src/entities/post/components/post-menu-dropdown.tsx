import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Post } from '@ray/shared/schemas/post';
import {
  Ban,
  Bookmark,
  BookmarkCheck,
  Flag,
  Pencil,
  Share2,
  Trash2,
  VolumeX,
  type LucideIcon,
} from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { privacyStrings } from '@/i18n/privacy.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { PostMenuTrigger } from './post-menu-trigger';

export interface PostMenuDropdownProps {
  post: Pick<Post, 'id' | 'isOwner' | 'isBookmarked'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShare: () => void;
  onToggleBookmark: () => void;
  onReport: () => void;
  /** Called before the author's edit link is followed; `false` keeps the page (a visitor must sign in first). */
  onEdit?: () => boolean;
  /** Offered to the author only, where deleting is possible (the post's page). */
  onDelete?: () => void;
  /** Blocking and muting the author: only for someone else's signed post, never an anonymous one. */
  restrict?: { username: string; onBlock: () => void; onMute: () => void };
}

const itemClasses =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

function ItemBody({
  icon: Icon,
  children,
  danger = false,
}: {
  icon: LucideIcon;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <>
      <Icon className={cn('size-4.5', danger ? 'text-red-600' : 'text-slate-500')} aria-hidden="true" />
      {children}
    </>
  );
}

export function PostMenuDropdown({
  post,
  open,
  onOpenChange,
  onShare,
  onToggleBookmark,
  onReport,
  onEdit,
  onDelete,
  restrict,
}: PostMenuDropdownProps) {
  const { pathname } = useLocation();
  // An item that opens a dialog hands focus to it instead of back to the menu button.
  const openingDialog = useRef(false);
  const thenDialog = (action: () => void) => () => {
    openingDialog.current = true;
    action();
  };

  return (
    <DropdownMenu.Root dir="rtl" modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <PostMenuTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          onCloseAutoFocus={(event) => {
            if (openingDialog.current) {
              event.preventDefault();
              openingDialog.current = false;
            }
          }}
          className="z-50 min-w-48 animate-pop-in rounded-xl bg-surface p-1.5 shadow-float ring-1 ring-slate-200"
        >
          <DropdownMenu.Item className={itemClasses} onSelect={thenDialog(onShare)}>
            <ItemBody icon={Share2}>{strings.posts.share}</ItemBody>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={onToggleBookmark}>
            <ItemBody icon={post.isBookmarked ? BookmarkCheck : Bookmark}>
              {post.isBookmarked ? strings.posts.unbookmark : strings.posts.bookmark}
            </ItemBody>
          </DropdownMenu.Item>
          {post.isOwner ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link
                to={`/posts/${post.id}/edit`}
                state={{ backTo: pathname }}
                onClick={(event) => {
                  if (onEdit && !onEdit()) event.preventDefault();
                }}
              >
                <ItemBody icon={Pencil}>{strings.posts.edit}</ItemBody>
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {post.isOwner && onDelete ? (
            <DropdownMenu.Item className={cn(itemClasses, 'text-red-700')} onSelect={thenDialog(onDelete)}>
              <ItemBody icon={Trash2} danger>
                {strings.posts.delete}
              </ItemBody>
            </DropdownMenu.Item>
          ) : null}
          {post.isOwner ? null : (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <DropdownMenu.Item className={itemClasses} onSelect={thenDialog(onReport)}>
                <ItemBody icon={Flag}>{strings.posts.report}</ItemBody>
              </DropdownMenu.Item>
              {restrict ? (
                <>
                  <DropdownMenu.Item className={itemClasses} onSelect={thenDialog(restrict.onMute)}>
                    <ItemBody icon={VolumeX}>{privacyStrings.mute(restrict.username)}</ItemBody>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item
                    className={cn(itemClasses, 'text-red-700')}
                    onSelect={thenDialog(restrict.onBlock)}
                  >
                    <ItemBody icon={Ban} danger>
                      {privacyStrings.block(restrict.username)}
                    </ItemBody>
                  </DropdownMenu.Item>
                </>
              ) : null}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
