import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import type { CreatePostPayload, PollDuration, VotingType } from '@ray/shared/schemas/post';

/** Form values shared by the quick composer and the full editor. */
export interface ComposerValues {
  content: string;
  votingType: VotingType;
  pollOptions: { value: string }[];
  /** How long a poll takes votes; fixed once published. */
  pollDuration: PollDuration;
  isAnonymous: boolean;
  /** The description of the image, read by screen readers; blank for none. */
  imageAlt: string;
}

export interface PostLocation {
  latitude: number;
  longitude: number;
  /** Null when the place could not be named; the coordinates are still sent. */
  locationName: string | null;
}

export const EMPTY_POLL_OPTIONS = [{ value: '' }, { value: '' }];

export const emptyComposer = (): ComposerValues => ({
  content: '',
  votingType: 'like-dislike',
  pollOptions: EMPTY_POLL_OPTIONS.map((option) => ({ ...option })),
  pollDuration: 'open',
  isAnonymous: false,
  imageAlt: '',
});

/** The options a poll will carry: trimmed, blanks dropped. */
export function filledPollOptions(options: readonly { value: string }[]): string[] {
  return options.map((option) => option.value.trim()).filter((value) => value.length > 0);
}

/** Spec section 5: a poll needs 2 to 10 filled options. */
export function pollOptionsProblem(
  votingType: VotingType,
  options: readonly { value: string }[],
): string | null {
  if (votingType !== 'poll') return null;
  const filled = filledPollOptions(options).length;
  if (filled < POLL_OPTIONS_MIN) return msg.pollMinOptions;
  if (filled > POLL_OPTIONS_MAX) return msg.pollMaxOptions;
  return null;
}

/** The body of `POST /api/posts`; poll options travel as a JSON-encoded string array. */
export function buildCreatePayload(
  values: ComposerValues,
  extras: { imageUrl: string | null; location: PostLocation | null },
): CreatePostPayload {
  return {
    content: values.content.trim(),
    isAnonymous: values.isAnonymous,
    votingType: values.votingType,
    pollOptions: values.votingType === 'poll' ? JSON.stringify(filledPollOptions(values.pollOptions)) : null,
    ...(values.votingType === 'poll' ? { pollDuration: values.pollDuration } : {}),
    imageUrl: extras.imageUrl,
    imageAlt: extras.imageUrl ? values.imageAlt.trim() || null : null,
    latitude: extras.location?.latitude ?? null,
    longitude: extras.location?.longitude ?? null,
    locationName: extras.location?.locationName ?? null,
  };
}

/**
 * Direction of a text box: `auto` follows what is typed (an English post lays out left to right), but an empty
 * box would then fall back to left to right, so it stays right to left until something is typed.
 */
export function textDirection(value: string): 'auto' | 'rtl' {
  return value.trim().length > 0 ? 'auto' : 'rtl';
}
