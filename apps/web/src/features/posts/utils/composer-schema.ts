import { POLL_OPTION_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { createPostFormSchema, quickPostFormSchema } from '@ray/shared/schemas/post';
import { z } from 'zod';
import { pollOptionsProblem } from './compose';

/**
 * The quick composer's shared schema plus the poll options it also offers, checked like the full editor's:
 * 2 to 10 filled options. The full editor uses `createPostFormSchema` as it is.
 */
export const quickComposerSchema = quickPostFormSchema
  .extend({
    pollOptions: z.array(z.object({ value: z.string().max(POLL_OPTION_MAX, msg.pollOptionTooLong) })),
  })
  .superRefine((value, ctx) => {
    const problem = pollOptionsProblem(value.votingType, value.pollOptions);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: problem });
  });

export { createPostFormSchema };
