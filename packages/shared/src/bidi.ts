/**
 * First strong isolate … pop directional isolate (U+2068 … U+2069): text someone wrote (a name, an excerpt) put
 * inside an Arabic sentence keeps its own direction, so a name or a post that starts in English neither takes the
 * sentence's words with it nor is laid out backwards. For plain text (notifications, pushes, the text part of
 * mails); HTML uses `<bdi dir="auto">` and the web `dir="auto"` instead.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
