import { isolate as isolateText } from '@ray/shared/bidi';
import { digestMsg } from '@ray/shared/digest-messages.ar';
import { feedMsg } from '@ray/shared/feed-messages.ar';
import type { DigestFrequency } from '@ray/shared/notification-preferences';
import { plural } from '@ray/shared/plural';
import { displayName } from '../users/users.mapper';
import type { DigestExcerpt, DigestFacts, NamedPerson } from './digest.repository';

export interface DigestLinks {
  /** The site's address without a trailing slash (PUBLIC_URL). */
  site: string;
  /** The reader's own profile. */
  profile: string;
  /** The web page that explains the unsubscribe and asks for the click (a GET never unsubscribes). */
  unsubscribePage: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

const LOCALE = 'ar-SA-u-ca-gregory-nu-latn';
const BRAND = '#1d7a70';
const INK = '#1f2937';
const MUTED = '#6b7280';
const PAPER = '#ffffff';
const PAGE = '#f3f4f6';
const QUOTE = '#effaf8';
const FONT = "Tahoma, 'Segoe UI', Arial, sans-serif";

/** True when the digest would say nothing: then none is sent (the period is still counted as done). */
export function isEmpty(facts: DigestFacts): boolean {
  return (
    facts.followers.count === 0 &&
    facts.topPosts.length === 0 &&
    facts.comments.count === 0 &&
    facts.mentions.count === 0
  );
}

/** Everything a person wrote goes into the HTML through here. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const nameOf = (person: NamedPerson | null) => (person ? displayName(person) : feedMsg.anonymousName);
/** The plain text's name: a person's isolated as what they wrote is, «مجهول» being the product's own word. */
const textNameOf = (person: NamedPerson | null) =>
  person ? isolateText(displayName(person)) : feedMsg.anonymousName;

/** A name or a text someone wrote, escaped and isolated so that a Latin or mixed text keeps its own direction. */
const isolate = (text: string) => `<bdi dir="auto">${escapeHtml(text)}</bdi>`;

function dateFormat(timeZone: string) {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone });
}

interface Section {
  heading: string;
  /** The section's lines, as plain text and as HTML (each already escaped). */
  lines: { text: string; html: string }[];
  quotes: { text: string; html: string; link: string }[];
  link?: { label: string; href: string };
}

function sections(facts: DigestFacts, links: DigestLinks): Section[] {
  const list: Section[] = [];
  const postLink = (postId: number) => `${links.site}/posts/${postId}`;
  const quote = (item: DigestExcerpt) => ({
    text: digestMsg.said(textNameOf(item.writer), isolateText(item.content)),
    html: digestMsg.said(`<strong>${isolate(nameOf(item.writer))}</strong>`, isolate(item.content)),
    link: postLink(item.postId),
  });

  if (facts.followers.count > 0) {
    const count = plural(facts.followers.count, digestMsg.followers.count);
    const names = facts.followers.newest.map(nameOf);
    const lines = [{ text: count, html: `<strong>${escapeHtml(count)}</strong>` }];
    if (names.length > 0)
      lines.push({
        text: digestMsg.followers.among(names.map(isolateText).join(digestMsg.followers.separator)),
        html: digestMsg.followers.among(names.map(isolate).join(digestMsg.followers.separator)),
      });
    list.push({
      heading: digestMsg.followers.heading,
      lines,
      quotes: [],
      link: { label: digestMsg.followers.profileLink, href: links.profile },
    });
  }

  if (facts.topPosts.length > 0) {
    list.push({
      heading: digestMsg.topPosts.heading,
      lines: [],
      quotes: facts.topPosts.map((post) => {
        const votes = digestMsg.topPosts.newVotes(plural(post.votes, digestMsg.topPosts.votes));
        return {
          text: `${isolateText(post.content)} (${votes})`,
          html: `${isolate(post.content)}<br><span style="color:${MUTED};font-size:13px;">${escapeHtml(votes)}</span>`,
          link: postLink(post.postId),
        };
      }),
    });
  }

  for (const [facet, section] of [
    ['comments', digestMsg.comments],
    ['mentions', digestMsg.mentions],
  ] as const) {
    const { count, latest } = facts[facet];
    if (count === 0) continue;
    const intro = section.intro(plural(count, section.count));
    list.push({
      heading: section.heading,
      lines: [{ text: intro, html: escapeHtml(intro) }],
      quotes: latest.map(quote),
    });
  }
  return list;
}

/** The digest as plain text and as right-to-left HTML that mail programs (Gmail, Outlook) lay out alike. */
export function renderDigest(input: {
  firstName: string;
  frequency: Exclude<DigestFrequency, 'off'>;
  timeZone: string;
  since: Date;
  until: Date;
  facts: DigestFacts;
  links: DigestLinks;
}): DigestMail {
  const { frequency, links } = input;
  const format = dateFormat(input.timeZone);
  const period = digestMsg.period(format.format(input.since), format.format(input.until));
  const greeting = digestMsg.greeting(input.firstName);
  const parts = sections(input.facts, links);
  const settings = `${links.site}/settings#notifications`;

  const text = [
    digestMsg.title[frequency],
    period,
    '',
    greeting,
    digestMsg.intro[frequency],
    ...parts.flatMap((section) => [
      '',
      `■ ${section.heading}`,
      ...section.lines.map((line) => line.text),
      ...section.quotes.flatMap((item) => [`— ${item.text}`, `  ${digestMsg.openPost}: ${item.link}`]),
      ...(section.link ? [`${section.link.label}: ${section.link.href}`] : []),
    ]),
    '',
    `${digestMsg.allNotifications}: ${links.site}/notifications`,
    '',
    '—',
    digestMsg.footer.why[frequency],
    `${digestMsg.footer.unsubscribe}: ${links.unsubscribePage}`,
    `${digestMsg.footer.settings}: ${settings}`,
    '',
  ].join('\n');

  const cell = `font-family:${FONT};color:${INK};font-size:15px;line-height:1.7;text-align:right;`;
  const sectionHtml = parts
    .map(
      (section) => `
          <tr><td style="padding:20px 24px 0 24px;${cell}">
            <h2 style="margin:0 0 8px 0;font-size:17px;color:${BRAND};font-family:${FONT};">${escapeHtml(section.heading)}</h2>
            ${section.lines.map((line) => `<p style="margin:0 0 6px 0;">${line.html}</p>`).join('')}
            ${section.quotes
              .map(
                (item) => `
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0;">
              <tr><td style="background:${QUOTE};border-right:4px solid ${BRAND};padding:10px 14px;${cell}">
                <p style="margin:0 0 6px 0;">${item.html}</p>
                <a href="${escapeHtml(item.link)}" style="color:${BRAND};font-size:13px;text-decoration:underline;">${escapeHtml(digestMsg.openPost)}</a>
              </td></tr>
            </table>`,
              )
              .join('')}
            ${
              section.link
                ? `<p style="margin:6px 0 0 0;"><a href="${escapeHtml(section.link.href)}" style="color:${BRAND};text-decoration:underline;">${escapeHtml(section.link.label)}</a></p>`
                : ''
            }
          </td></tr>`,
    )
    .join('');

  const html = `<!DOCTYPE html>
<html dir="rtl" lang="ar">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(digestMsg.subject[frequency])}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background:${PAGE};">
  <table role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE};">
    <tr><td align="center" style="padding:24px 12px;">
      <table role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${PAPER};border-radius:12px;">
        <tr><td style="background:${BRAND};border-radius:12px 12px 0 0;padding:20px 24px;font-family:${FONT};color:#ffffff;text-align:right;">
          <div style="font-size:24px;font-weight:bold;">${escapeHtml(digestMsg.brand)}</div>
          <div style="font-size:16px;margin-top:4px;">${escapeHtml(digestMsg.title[frequency])}</div>
          <div style="font-size:13px;margin-top:4px;opacity:0.9;">${escapeHtml(period)}</div>
        </td></tr>
        <tr><td style="padding:20px 24px 0 24px;${cell}">
          <p style="margin:0 0 6px 0;">${digestMsg.greeting(isolate(input.firstName))}</p>
          <p style="margin:0;">${escapeHtml(digestMsg.intro[frequency])}</p>
        </td></tr>${sectionHtml}
        <tr><td style="padding:24px;${cell}">
          <table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
            <td style="background:${BRAND};border-radius:8px;">
              <a href="${escapeHtml(`${links.site}/notifications`)}" style="display:inline-block;padding:10px 20px;font-family:${FONT};font-size:15px;color:#ffffff;text-decoration:none;">${escapeHtml(digestMsg.allNotifications)}</a>
            </td>
          </tr></table>
        </td></tr>
        <tr><td style="padding:16px 24px 20px 24px;border-top:1px solid #e5e7eb;font-family:${FONT};color:${MUTED};font-size:12px;line-height:1.7;text-align:right;">
          <p style="margin:0 0 6px 0;">${escapeHtml(digestMsg.footer.why[frequency])}</p>
          <p style="margin:0;"><a href="${escapeHtml(links.unsubscribePage)}" style="color:${MUTED};text-decoration:underline;">${escapeHtml(digestMsg.footer.unsubscribe)}</a>
          &nbsp;·&nbsp;
          <a href="${escapeHtml(settings)}" style="color:${MUTED};text-decoration:underline;">${escapeHtml(digestMsg.footer.settings)}</a></p>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>
`;
  return { subject: digestMsg.subject[frequency], text, html };
}
