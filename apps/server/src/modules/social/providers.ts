import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@ray/shared/constants';
import { z } from 'zod';

/** What the product keeps from a provider's account: its stable id, and an address only when verified. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  name: string | null;
}

interface ProviderDefinition {
  /** Name shown in messages. */
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Profile endpoint called with the access token; absent when the profile comes from a signed ID token. */
  userInfoUrl?: string;
  /**
   * Signing keys and issuer of the provider's ID tokens (`issuers` lists every spelling the provider uses). With
   * `profileFromIdToken`, the web flow reads the profile from it instead of a profile endpoint; native apps hand
   * one over to POST /api/account/social-login.
   */
  idToken?: { jwksUrl: string; issuer: string; issuers: string[] };
  profileFromIdToken?: boolean;
  /**
   * For providers without ID tokens: the endpoint that tells which app an access token was issued to (Facebook's
   * debug_token, GitHub's check-a-token; `{client_id}` is replaced). Without one, a native access token cannot be
   * proved ours and is refused.
   */
  tokenInfo?: { url: string; kind: 'facebook' | 'github' };
  scopes: string[];
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'body' | 'basic';
  /** Extra authorisation parameters (Apple posts its answer back as a form). */
  extraParams?: Record<string, string>;
  profile: (claims: unknown) => ProviderProfile | null;
}

const id = z.union([z.string().min(1).max(200), z.number().int().nonnegative()]).transform(String);
const optionalText = z.string().max(320).nullish();

/** Reads a profile with a schema; an answer of another shape is "missing user info", never a crash. */
function reader<T>(schema: z.ZodType<T>, map: (value: T) => ProviderProfile) {
  return (claims: unknown) => {
    const parsed = schema.safeParse(claims);
    return parsed.success ? map(parsed.data) : null;
  };
}

const verified = (email: string | null | undefined, isVerified: unknown) =>
  email && (isVerified === true || isVerified === 'true') ? email.toLowerCase() : null;

const openIdProfile = reader(
  z.object({ sub: id, email: optionalText, email_verified: z.unknown(), name: optionalText }),
  (claims) => ({
    subject: claims.sub,
    email: verified(claims.email, claims.email_verified),
    name: claims.name ?? null,
  }),
);

export const PROVIDERS: Record<SocialProvider, ProviderDefinition> = {
  google: {
    label: 'Google',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    idToken: {
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      issuer: 'https://accounts.google.com',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuth: 'body',
    profile: openIdProfile,
  },
  facebook: {
    label: 'Facebook',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    tokenInfo: { url: 'https://graph.facebook.com/debug_token', kind: 'facebook' },
    scopes: ['public_profile', 'email'],
    pkce: true,
    clientAuth: 'body',
    // Facebook does not say whether the address was confirmed, so it is not kept.
    profile: reader(z.object({ id, name: optionalText }), (claims) => ({
      subject: claims.id,
      email: null,
      name: claims.name ?? null,
    })),
  },
  apple: {
    label: 'Apple',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    idToken: {
      jwksUrl: 'https://appleid.apple.com/auth/keys',
      issuer: 'https://appleid.apple.com',
      issuers: ['https://appleid.apple.com'],
    },
    profileFromIdToken: true,
    scopes: ['name', 'email'],
    pkce: false,
    clientAuth: 'body',
    extraParams: { response_mode: 'form_post' },
    profile: openIdProfile,
  },
  twitter: {
    label: 'X',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    pkce: true,
    clientAuth: 'basic',
    profile: reader(z.object({ data: z.object({ id, name: optionalText }) }), ({ data }) => ({
      subject: data.id,
      email: null,
      name: data.name ?? null,
    })),
  },
  snapchat: {
    label: 'Snapchat',
    authorizeUrl: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    tokenUrl: 'https://accounts.snapchat.com/accounts/oauth2/token',
    userInfoUrl: 'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%7D%7D',
    scopes: [
      'https://auth.snapchat.com/oauth2/api/user.display_name',
      'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
    ],
    pkce: true,
    clientAuth: 'body',
    profile: reader(
      z.object({ data: z.object({ me: z.object({ externalId: id, displayName: optionalText }) }) }),
      ({ data }) => ({ subject: data.me.externalId, email: null, name: data.me.displayName ?? null }),
    ),
  },
  github: {
    label: 'GitHub',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    tokenInfo: { url: 'https://api.github.com/applications/{client_id}/token', kind: 'github' },
    scopes: ['read:user', 'user:email'],
    pkce: true,
    clientAuth: 'body',
    // The profile's public address carries no verification flag, so it is not kept.
    profile: reader(z.object({ id, name: optionalText, login: optionalText }), (claims) => ({
      subject: claims.id,
      email: null,
      name: claims.name ?? claims.login ?? null,
    })),
  },
};

export interface ProviderConfig extends ProviderDefinition {
  provider: SocialProvider;
  clientId: string;
  /** Every client id whose tokens are ours: the web client's, then those of the iOS/Android apps. */
  audiences: string[];
  /** The client secret to send at the token endpoint: the configured one, or Apple's, signed from its key. */
  clientSecret: () => Promise<string>;
}

/** How long a client secret signed for Apple is used before a new one is signed (Apple accepts up to 6 months). */
const SIGNED_SECRET_SECONDS = 24 * 3600;

/**
 * Apple's client secret is a JWT the app signs (ES256) with the key Apple issued for it (APPLE_PRIVATE_KEY, the
 * .p8 file, with APPLE_KEY_ID and APPLE_TEAM_ID), naming the team, the client and Apple as its audience. One is
 * signed a day and reused until an hour before it expires.
 */
function signedClientSecret(options: {
  key: KeyObject;
  keyId: string;
  teamId: string;
  clientId: string;
  audience: string;
}): () => Promise<string> {
  let current: { secret: string; renewAt: number } | undefined;
  return async () => {
    const now = Math.floor(Date.now() / 1000);
    if (current && now < current.renewAt) return current.secret;
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + SIGNED_SECRET_SECONDS)
      .sign(options.key);
    current = { secret, renewAt: now + SIGNED_SECRET_SECONDS - 3600 };
    return secret;
  };
}

/** The EC P-256 key of a PEM (line breaks may be written as `\n`), or null when it is not one. */
function appleKey(pem: string): KeyObject | null {
  try {
    const key = createPrivateKey(pem.replace(/\\n/g, '\n'));
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : null;
  } catch {
    return null;
  }
}

const ENV_PREFIX: Record<SocialProvider, string> = {
  google: 'GOOGLE',
  facebook: 'FACEBOOK',
  apple: 'APPLE',
  twitter: 'X',
  snapchat: 'SNAPCHAT',
  github: 'GITHUB',
};

const url = z.url({ protocol: /^https?$/ });

/**
 * The providers with both a client id and a secret in the environment. Endpoints can be overridden per provider
 * (`<P>_AUTHORIZE_URL`, `<P>_TOKEN_URL`, `<P>_USERINFO_URL`, `<P>_JWKS_URL`, `<P>_ISSUER`, `<P>_TOKEN_INFO_URL`), for a
 * self-hosted identity provider or a regional endpoint. `<P>_NATIVE_CLIENT_IDS` (comma-separated) names the client
 * ids of the iOS and Android apps, whose tokens POST /api/account/social-login also accepts. Answers the problems as "VARIABLE: message" lines.
 */
export function readSocialProviders(source: Record<string, string | undefined>): {
  providers: ProviderConfig[];
  problems: string[];
} {
  const providers: ProviderConfig[] = [];
  const problems: string[] = [];
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = ENV_PREFIX[provider];
    const clientId = source[`${prefix}_CLIENT_ID`];
    const staticSecret = source[`${prefix}_CLIENT_SECRET`];
    const privateKey = provider === 'apple' ? source.APPLE_PRIVATE_KEY : undefined;
    if (!clientId && !staticSecret && !privateKey) continue;
    if (!clientId || (!staticSecret && !privateKey)) {
      problems.push(`${prefix}_${clientId ? 'CLIENT_SECRET' : 'CLIENT_ID'}: required with the other one`);
      continue;
    }
    const definition = PROVIDERS[provider];
    const override = (name: string, fallback: string | undefined) => {
      const value = source[`${prefix}_${name}`];
      if (value === undefined) return fallback;
      if (!url.safeParse(value).success) problems.push(`${prefix}_${name}: must be an http(s) URL`);
      return value;
    };
    const userInfoUrl = override('USERINFO_URL', definition.userInfoUrl);
    const issuer = source[`${prefix}_ISSUER`];
    const idToken = definition.idToken && {
      jwksUrl: override('JWKS_URL', definition.idToken.jwksUrl) ?? definition.idToken.jwksUrl,
      issuer: issuer ?? definition.idToken.issuer,
      issuers: issuer === undefined ? definition.idToken.issuers : [issuer],
    };
    const tokenInfo = definition.tokenInfo && {
      kind: definition.tokenInfo.kind,
      url: override('TOKEN_INFO_URL', definition.tokenInfo.url) ?? definition.tokenInfo.url,
    };
    const nativeIds = (source[`${prefix}_NATIVE_CLIENT_IDS`] ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    let clientSecret = async () => staticSecret ?? '';
    if (privateKey) {
      const key = appleKey(privateKey);
      const keyId = source.APPLE_KEY_ID;
      const teamId = source.APPLE_TEAM_ID;
      if (!key) problems.push('APPLE_PRIVATE_KEY: must be the EC P-256 key (.p8) Apple issued, in PEM');
      if (!keyId) problems.push('APPLE_KEY_ID: required with APPLE_PRIVATE_KEY');
      if (!teamId) problems.push('APPLE_TEAM_ID: required with APPLE_PRIVATE_KEY');
      if (!key || !keyId || !teamId) continue;
      clientSecret = signedClientSecret({
        key,
        keyId,
        teamId,
        clientId,
        audience: idToken?.issuer ?? 'https://appleid.apple.com',
      });
    }
    providers.push({
      ...definition,
      provider,
      clientId,
      audiences: [clientId, ...nativeIds.filter((value) => value !== clientId)],
      clientSecret,
      authorizeUrl: override('AUTHORIZE_URL', definition.authorizeUrl) ?? definition.authorizeUrl,
      tokenUrl: override('TOKEN_URL', definition.tokenUrl) ?? definition.tokenUrl,
      ...(userInfoUrl ? { userInfoUrl } : {}),
      ...(idToken ? { idToken } : {}),
      ...(tokenInfo ? { tokenInfo } : {}),
    });
  }
  return { providers, problems };
}
