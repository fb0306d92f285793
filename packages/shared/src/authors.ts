import type { ContentAuthor, PostAuthor } from './schemas/post';

/**
 * Whether `author` names someone, that is, whether the content is signed. Kept apart from the schemas, which bring
 * zod with them: the web app's post card needs this on its first screen, and zod must stay off it.
 */
export const isNamedAuthor = (author: ContentAuthor): author is PostAuthor => author.userId !== null;
