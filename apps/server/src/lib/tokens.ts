import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '@ray/shared/schemas/user';
import { AppError } from './app-error';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  /** Expiry in seconds since the epoch (set on verified tokens). */
  exp?: number;
}

export interface TokenConfig {
  secret: string;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
}

const VERIFIED_MAX_ENTRIES = 10_000;

/**
 * Signs and verifies short-lived access tokens (HS256 JWT with `exp`, bound to a session). A client sends the
 * same token with every request for up to its lifetime, so the claims of tokens already verified are kept by
 * their exact text, and only their expiry is checked again; whether the session is still signed in is asked
 * on every request all the same (plugins/auth.ts).
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Derived from the secret for one purpose only, so nothing it produces could ever sign an access token. */
  private readonly successorKey: Buffer;
  /** Each entry lives until its token expires; the least recently used go first beyond the bound. */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_MAX_ENTRIES });

  constructor(private readonly config: TokenConfig) {
    this.key = new TextEncoder().encode(config.secret);
    this.successorKey = createHmac('sha256', config.secret).update('ray refresh-token successors').digest();
  }

  /**
   * The refresh token that replaces `refreshToken` when it is exchanged. It is derived rather than drawn, so
   * every request that presents the same token (two tabs refreshing at once, a retried request) is handed the
   * same successor, and the session stays one chain. Without the server's secret it cannot be computed from
   * the token it follows.
   */
  refreshSuccessor(refreshToken: string): string {
    return createHmac('sha256', this.successorKey).update(`refresh:${refreshToken}`).digest('base64url');
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .setIssuedAt()
      .setExpirationTime(`${this.config.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp !== undefined && known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED');
    }
    const claims = await this.verifySignature(token);
    const lifetime = claims.exp === undefined ? 0 : claims.exp * 1000 - Date.now();
    if (lifetime > 0) this.verified.set(token, claims, { ttl: lifetime });
    return claims;
  }

  private async verifySignature(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.issuer,
        audience: this.config.audience,
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const role = payload.role;
      if (
        payload.typ !== 'access' ||
        typeof payload.sid !== 'string' ||
        typeof payload.sub !== 'string' ||
        (role !== 'user' && role !== 'moderator' && role !== 'admin')
      ) {
        throw new AppError('UNAUTHORIZED');
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        role,
        ...(payload.exp ? { exp: payload.exp } : {}),
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('UNAUTHORIZED');
    }
  }
}

/** 256 random bits, URL-safe; only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
