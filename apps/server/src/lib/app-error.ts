import type { ErrorCode } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  CURRENT_PASSWORD_INCORRECT: 400,
  RESET_LINK_INVALID: 400,
  VERIFY_LINK_INVALID: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  MAINTENANCE: 503,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION_FAILED: msg.invalidData,
  BAD_REQUEST: msg.invalidData,
  CURRENT_PASSWORD_INCORRECT: msg.currentPasswordIncorrect,
  RESET_LINK_INVALID: msg.resetInvalidLink,
  VERIFY_LINK_INVALID: msg.verifyLinkInvalid,
  UNAUTHORIZED: msg.unauthorized,
  TOKEN_EXPIRED: msg.sessionExpired,
  INVALID_CREDENTIALS: serverMsg.invalidCredentials,
  FORBIDDEN: msg.forbidden,
  ACCOUNT_SUSPENDED: serverMsg.accountSuspendedNow,
  NOT_FOUND: msg.notFound,
  CONFLICT: msg.invalidData,
  EMAIL_TAKEN: serverMsg.emailTaken,
  USERNAME_TAKEN: serverMsg.usernameTaken,
  PAYLOAD_TOO_LARGE: msg.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: msg.imageTypeInvalid,
  RATE_LIMITED: msg.rateLimited,
  INTERNAL: msg.serverError,
  SERVICE_UNAVAILABLE: msg.serviceUnavailable,
  STORAGE_UNAVAILABLE: serverMsg.storageUnavailable,
  MAINTENANCE: serverMsg.maintenanceDefault,
};

export interface AppErrorOptions {
  message?: string;
  errors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** A failure the client may see: a stable code, its HTTP status and an Arabic message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? DEFAULT_MESSAGE[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS[code];
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** A validation error on one field, shaped like schema failures so forms can show it in place. */
  static field(code: ErrorCode, field: string, message: string): AppError {
    return new AppError(code, { message, errors: { [field]: [message] } });
  }
}

export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

export function messageForCode(code: ErrorCode): string {
  return DEFAULT_MESSAGE[code];
}
