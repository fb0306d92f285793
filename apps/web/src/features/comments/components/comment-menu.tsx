import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { communityStrings as s } from '@/i18n/community.ar';

const itemClasses =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

/** "خيارات التعليق": edit and delete for its author, report for everyone else. */
export function CommentMenu({
  isOwner,
  onEdit,
  onDelete,
  onReport,
}: {
  isOwner: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
}) {
  // An item that opens a dialog or the editor hands focus to it instead of back to the menu button.
  const movingFocus = useRef(false);
  const then = (action: () => void) => () => {
    movingFocus.current = true;
    action();
  };
  return (
    <DropdownMenu.Root dir="rtl" modal={false}>
      <DropdownMenu.Trigger
        aria-label={s.comments.menuLabel}
        className="flex size-9 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          onCloseAutoFocus={(event) => {
            if (movingFocus.current) {
              event.preventDefault();
              movingFocus.current = false;
            }
          }}
          className="z-50 min-w-40 animate-pop-in rounded-xl bg-surface p-1.5 shadow-float ring-1 ring-slate-200"
        >
          {isOwner ? (
            <>
              <DropdownMenu.Item className={itemClasses} onSelect={then(onEdit)}>
                <Pencil className="size-4.5 text-slate-500" aria-hidden="true" />
                {s.comments.edit}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={`${itemClasses} text-red-700`} onSelect={then(onDelete)}>
                <Trash2 className="size-4.5 text-red-600" aria-hidden="true" />
                {s.comments.delete}
              </DropdownMenu.Item>
            </>
          ) : (
            <DropdownMenu.Item className={itemClasses} onSelect={then(onReport)}>
              <Flag className="size-4.5 text-slate-500" aria-hidden="true" />
              {s.comments.report}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
