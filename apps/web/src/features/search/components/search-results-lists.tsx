import type { Hashtag } from '@ray/shared/schemas/hashtag';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PersonRow } from '@/entities/user/components/person-row';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { formatCount } from '@/lib/format';

const s = discoveryStrings.search;

/** People found by name or username: avatar, name, username and bio, with a follow button that works in place. */
export function UserResults({ users }: { users: UserListItem[] }) {
  return (
    <Card className="px-4">
      <ul role="list" aria-label={s.types.users} className="divide-y divide-slate-100">
        {users.map((user) => (
          <li key={user.userId} data-testid="user-result">
            <PersonRow person={user} />
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
                {formatCount(tag.postCount, discoveryStrings.postForms)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
