import { msg } from '@ray/shared/messages.ar';
import { describe, expect, it } from 'vitest';
import { sharePayload, shareTargetUrl } from '@/entities/post/utils/share';
import { buildCreatePayload, emptyComposer, pollOptionsProblem, textDirection } from './compose';
import { geolocationErrorMessage } from './geolocation';
import { IMAGE_ACCEPT, imageFileProblem, POST_IMAGE, QUICK_POST_IMAGE } from './image-file';

const options = (...values: string[]) => values.map((value) => ({ value }));

describe('pollOptionsProblem', () => {
  it('asks for two filled options, blanks not counting, and at most ten', () => {
    expect(pollOptionsProblem('poll', options('نعم', '  '))).toBe(msg.pollMinOptions);
    expect(pollOptionsProblem('poll', options('نعم', 'لا', ''))).toBeNull();
    expect(pollOptionsProblem('poll', options(...Array.from({ length: 11 }, (_, i) => `خيار ${i}`)))).toBe(
      msg.pollMaxOptions,
    );
    expect(pollOptionsProblem('rating', options())).toBeNull();
  });
});

describe('buildCreatePayload', () => {
  it('trims the text, drops blank poll options and encodes them as JSON', () => {
    const payload = buildCreatePayload(
      {
        ...emptyComposer(),
        content: '  ما رأيكم؟ ',
        votingType: 'poll',
        pollOptions: options(' نعم ', '', 'لا'),
      },
      {
        imageUrl: '/uploads/original/a.webp',
        location: { latitude: 24.71, longitude: 46.68, locationName: null },
      },
    );
    expect(payload).toMatchObject({
      content: 'ما رأيكم؟',
      votingType: 'poll',
      pollOptions: '["نعم","لا"]',
      imageUrl: '/uploads/original/a.webp',
      latitude: 24.71,
      locationName: null,
    });
  });

  it('sends no poll options for other voting types', () => {
    const payload = buildCreatePayload(
      { ...emptyComposer(), content: 'رأي', pollOptions: options('أ', 'ب') },
      { imageUrl: null, location: null },
    );
    expect(payload.pollOptions).toBeNull();
    expect(payload.latitude).toBeNull();
  });
});

describe('textDirection', () => {
  it('stays right to left while empty and follows the text once typed', () => {
    expect(textDirection('  ')).toBe('rtl');
    expect(textDirection('Hello')).toBe('auto');
  });
});

describe('imageFileProblem', () => {
  it('accepts the server formats under the limit of each form', () => {
    expect(
      imageFileProblem({ type: 'image/webp', size: QUICK_POST_IMAGE.maxBytes }, QUICK_POST_IMAGE),
    ).toBeNull();
    expect(
      imageFileProblem({ type: 'image/png', size: QUICK_POST_IMAGE.maxBytes + 1 }, QUICK_POST_IMAGE),
    ).toBe('حجم الصورة يجب أن يكون أقل من 5 ميجابايت');
    expect(imageFileProblem({ type: 'image/jpeg', size: 8 * 1024 * 1024 }, POST_IMAGE)).toBeNull();
    expect(imageFileProblem({ type: 'image/gif', size: POST_IMAGE.maxBytes + 1 }, POST_IMAGE)).toBe(
      'حجم الصورة يجب أن يكون أقل من 10 ميجابايت',
    );
  });

  it('refuses files that are not images of an accepted type', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 }, POST_IMAGE)).toBe(msg.imageTypeInvalid);
    expect(imageFileProblem({ type: 'image/heic', size: 10 }, POST_IMAGE)).toBe(msg.imageTypeInvalid);
    expect(IMAGE_ACCEPT).toContain('image/webp');
  });
});

describe('geolocationErrorMessage', () => {
  it('names each way the position request can fail', () => {
    expect(geolocationErrorMessage(1)).toBe(msg.locationDenied);
    expect(geolocationErrorMessage(2)).toBe(msg.locationUnavailable);
    expect(geolocationErrorMessage(3)).toBe(msg.locationTimeout);
    expect(geolocationErrorMessage(null)).toBe(msg.locationFailed);
  });
});

describe('sharePayload', () => {
  it('links to the post and cuts the title to 50 and the text to 100 characters', () => {
    const payload = sharePayload({ id: 42, content: 'ر'.repeat(300) }, 'https://ray.sa/');
    expect(payload.url).toBe('https://ray.sa/posts/42');
    expect(Array.from(payload.title)).toHaveLength(50);
    expect(Array.from(payload.text)).toHaveLength(100);
  });
});

describe('shareTargetUrl', () => {
  const post = { id: 7, content: `رأيي في القهوة & الشاي ${'ب'.repeat(300)}` };
  const origin = 'https://ray.sa';

  it('gives messaging apps the short excerpt and the link, encoded', () => {
    const whatsapp = new URL(shareTargetUrl('whatsapp', post, origin));
    expect(whatsapp.origin).toBe('https://wa.me');
    const text = whatsapp.searchParams.get('text')!;
    expect(text.endsWith('\nhttps://ray.sa/posts/7')).toBe(true);
    expect(Array.from(text.split('\n')[0]!)).toHaveLength(100);

    const telegram = new URL(shareTargetUrl('telegram', post, origin));
    expect(telegram.searchParams.get('url')).toBe('https://ray.sa/posts/7');
    expect(telegram.searchParams.get('text')).toContain('القهوة & الشاي');
  });

  it('gives X and LinkedIn the 200-character excerpt', () => {
    const x = new URL(shareTargetUrl('x', post, origin));
    expect(Array.from(x.searchParams.get('text')!)).toHaveLength(200);
    expect(x.searchParams.get('url')).toBe('https://ray.sa/posts/7');
    const linkedin = new URL(shareTargetUrl('linkedin', post, origin));
    expect(Array.from(linkedin.searchParams.get('summary')!)).toHaveLength(200);
    expect(Array.from(linkedin.searchParams.get('title')!)).toHaveLength(50);
  });

  it('shares only the link with Facebook and writes an e-mail with subject and body', () => {
    expect(new URL(shareTargetUrl('facebook', post, origin)).searchParams.get('u')).toBe(
      'https://ray.sa/posts/7',
    );
    const mail = shareTargetUrl('email', post, origin);
    expect(mail.startsWith('mailto:?subject=')).toBe(true);
    expect(mail).not.toContain('+');
    expect(decodeURIComponent(mail.split('body=')[1]!)).toContain('https://ray.sa/posts/7');
  });
});
