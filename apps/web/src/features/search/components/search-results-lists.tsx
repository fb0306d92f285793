import type { Hashtag } from '@ray/shared/schemas/hashtag';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { formatNumber } from '@/lib/format';

const s = discoveryStrings.search;

/** People found by name or username: avatar, name and username, each linking to the profile. */
export function UserResults({ users }: { users: UserListItem[] }) {
  return (
    <Card className="divide-y divide-slate-100 px-4">
      <ul role="list" aria-label={s.types.users}>
        {users.map((user) => (
          <li key={user.userId} data-testid="user-result">
            <Link
              to={`/profile/${encodeURIComponent(user.userId)}`}
              className="flex items-center gap-3 py-3 hover:bg-slate-50"
            >
              <Avatar src={user.avatarUrl} name={user.displayName} />
              <span className="min-w-0">
                <bdi className="block truncate font-bold text-slate-900">{user.displayName}</bdi>
                <bdi dir="ltr" className="block truncate text-sm text-slate-600">
                  @{user.username}
                </bdi>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Tags found by spelling, each linking to its page with its number of posts. */
export function HashtagResults({ hashtags }: { hashtags: Hashtag[] }) {
  return (
    <Card className="px-4">
      <ul role="list" aria-label={s.types.hashtags} className="divide-y divide-slate-100">
        {hashtags.map((tag) => (
          <li key={tag.id} data-testid="hashtag-result">
            <Link
              to={`/wasm/${encodeURIComponent(tag.name)}`}
              className="flex items-center justify-between gap-3 py-3 hover:bg-slate-50"
            >
              <span className="flex min-w-0 items-center gap-2 font-bold text-slate-900">
                <Hash className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <bdi className="truncate">{tag.name}</bdi>
              </span>
              <span className="shrink-0 text-sm text-slate-600">
                {s.hashtagPosts(formatNumber(tag.postCount))}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
