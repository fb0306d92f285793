import sharp from 'sharp';
import { HTTP_TIMEOUT_MS } from '@ray/shared/constants';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from './app-error';
import { processImage, type ImageLimits, type ImageVariant, type ProcessedImage } from './images';
import { PoolFullError, WorkPool } from './work-pool';

export interface ImageWorkOptions extends ImageLimits {
  /** Images processed at the same time. */
  jobs: number;
  /** Images waiting for their turn; one more is refused with 503. */
  queue: number;
  /** Images of one user being processed or waiting; one more is refused with 429. */
  perUser: number;
}

/**
 * Where uploaded images are decoded and re-encoded, apart from everything else the server does.
 *
 * Each sharp step holds a libuv thread until it ends, and so does every password hash: with the default four
 * threads, four heavy images left sign-in waiting for seconds. Here only `jobs` images are processed at a time
 * (start-up checks that threads stay free for hashing), libvips uses one thread per image, and the others wait
 * in a bounded line for a bounded time; past it, and past each user's own allowance, requests are refused with
 * an Arabic message. The counts are this instance's: each instance guards its own threads.
 */
export class ImageWork {
  private readonly pool: WorkPool;
  private readonly perUser = new Map<string, number>();

  constructor(private readonly options: ImageWorkOptions) {
    // The default is one thread per core on some systems: an image would then take every core from the rest.
    sharp.concurrency(1);
    this.pool = new WorkPool({
      concurrency: options.jobs,
      maxQueued: options.queue,
      // The web app gives up on an upload 30 s after its last byte: an image still waiting when its processing
      // could no longer end in time is refused then, not processed for no one.
      maxWaitMs: Math.max(1_000, HTTP_TIMEOUT_MS - (options.timeoutSeconds + 2) * 1000),
    });
  }

  get running(): number {
    return this.pool.running;
  }

  get queued(): number {
    return this.pool.queued;
  }

  /** Processes an image of `userId` in turn with the others (lib/images.ts for what is checked and kept). */
  async process(data: Buffer, variant: ImageVariant, userId: string): Promise<ProcessedImage> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.options.perUser)
      throw new AppError('RATE_LIMITED', {
        message: serverMsg.imageUploadInProgress,
        retryAfterSeconds: this.pool.retryAfterSeconds(),
      });
    this.perUser.set(userId, mine + 1);
    try {
      return await this.pool.run(() => processImage(data, variant, this.options));
    } catch (error) {
      if (error instanceof PoolFullError)
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: serverMsg.imagesBusy,
          retryAfterSeconds: error.retryAfterSeconds,
        });
      throw error;
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }
}
