import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { POST_IMAGE_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from '../lib/app-error';
import { sniffImage } from '../lib/images';

/** Room for multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Multipart bodies, registered only in the scope of the routes that take an upload: the plugin gives every
 * request of its scope a hook that removes temporary files after the answer, which all other requests would pay
 * for nothing. Elsewhere a multipart body is refused with 415 like any type a route does not read.
 */
export const multipartBodies = fp(
  async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: POST_IMAGE_MAX, files: 2, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 100 },
    });
  },
  { name: 'multipart-bodies' },
);

/**
 * Reads exactly one image file from a multipart request. Oversized bodies are refused from their declared
 * length before any byte is read, and the stream is cut at the limit otherwise; a second file is refused.
 */
export async function readSingleImage(
  request: FastifyRequest,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: serverMsg.imageRequired });
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD)
    throw new AppError('PAYLOAD_TOO_LARGE', { message: tooLargeMessage });

  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 2, fields: 5, fieldSize: 1024, parts: 8 },
    })) {
      if (part.type !== 'file') continue;
      if (file) throw new AppError('BAD_REQUEST', { message: serverMsg.imageOneFile });
      const data = await readImageFile(part.file);
      if (!data) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: msg.imageTypeInvalid });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', { message: tooLargeMessage });
      file = data;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', { message: tooLargeMessage });
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', { message: serverMsg.imageOneFile });
    throw new AppError('BAD_REQUEST', { message: msg.uploadFailed });
  }
  if (!file || file.length === 0) throw new AppError('BAD_REQUEST', { message: serverMsg.imageRequired });
  return file;
}

/** Enough leading bytes to recognise every accepted format. */
const SIGNATURE_BYTES = 12;

/**
 * Reads a file part through one iterator (leaving a `for await` early destroys the stream, so the head and the
 * rest cannot be read in two loops), and stops as soon as the first bytes show that it is not an image.
 */
async function readImageFile(stream: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  let recognised = false;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.length;
    if (!recognised && length >= SIGNATURE_BYTES) {
      if (!sniffImage(Buffer.concat(chunks))) return null;
      recognised = true;
    }
  }
  const data = Buffer.concat(chunks);
  return recognised || sniffImage(data) ? data : null;
}
