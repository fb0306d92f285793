import type { PublicProfile } from '@ray/shared/schemas/profile';
import { Ban, ShieldOff, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useRestrictUser, type Restriction } from '@/entities/user/api/restrict-user';
import { RestrictDialog } from '@/entities/user/components/restrict-dialog';
import { privacyStrings as s } from '@/i18n/privacy.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';

/**
 * Block and mute on someone else's profile, for a signed-in viewer: blocking and muting ask first, undoing them
 * does not.
 */
export function ProfilePrivacyActions({ profile }: { profile: PublicProfile }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const restrict = useRestrictUser();
  const [asking, setAsking] = useState<Restriction | null>(null);
  if (!signedIn || profile.isOwnProfile) return null;

  const undo = (kind: Restriction) => {
    restrict.mutate(
      { userId: profile.userId, kind, on: false },
      {
        onSuccess: () => {
          toast.success(kind === 'block' ? s.unblocked(profile.username) : s.unmuted(profile.username));
        },
        onError: (error) => {
          toast.error(error instanceof ApiError ? error.message : s.failed);
        },
      },
    );
  };

  return (
    <>
      {profile.isBlocked ? (
        <Button
          variant="outline"
          size="sm"
          loading={restrict.isPending}
          onClick={() => {
            undo('block');
          }}
        >
          <ShieldOff className="size-4" aria-hidden="true" />
          {s.unblock}
        </Button>
      ) : (
        <>
          {profile.isUnavailable ? null : (
            <Button
              variant="outline"
              size="sm"
              loading={restrict.isPending && profile.isMuted}
              onClick={() => {
                if (profile.isMuted) undo('mute');
                else setAsking('mute');
              }}
            >
              {profile.isMuted ? (
                <Volume2 className="size-4" aria-hidden="true" />
              ) : (
                <VolumeX className="size-4" aria-hidden="true" />
              )}
              {profile.isMuted ? s.unmute : s.mute(profile.username)}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="text-red-700"
            onClick={() => {
              setAsking('block');
            }}
          >
            <Ban className="size-4" aria-hidden="true" />
            {s.block(profile.username)}
          </Button>
        </>
      )}
      {asking ? (
        <RestrictDialog
          kind={asking}
          userId={profile.userId}
          username={profile.username}
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
        />
      ) : null}
    </>
  );
}

/** What a profile across a block shows instead of its content; only the blocker is told that they blocked. */
export function ProfileUnavailable({ profile }: { profile: PublicProfile }) {
  return (
    <Card
      className="flex flex-col items-center gap-3 px-6 py-12 text-center"
      data-testid="profile-unavailable"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
        <Ban className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">
        {profile.isBlocked ? s.profile.youBlockedTitle(profile.username) : s.profile.unavailableTitle}
      </p>
      <p className="max-w-md text-sm leading-7 text-slate-600">
        {profile.isBlocked ? s.profile.youBlockedBody : s.profile.unavailableBody}
      </p>
    </Card>
  );
}
