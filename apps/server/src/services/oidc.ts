import * as client from 'openid-client';
import type { Config, OidcProviderConfig } from '../config.js';

export const OIDC_PROVIDERS = ['google', 'microsoft'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

export interface OidcStart {
  url: string;
  state: string;
  codeVerifier: string;
}

/** Sign-in through an external OpenID Connect provider: authorization code with PKCE (S256) and state. */
export class OidcService {
  private readonly discovered = new Map<OidcProviderName, Promise<client.Configuration>>();

  constructor(
    private readonly providers: Config['oidc'],
    private readonly allowHttp: boolean,
  ) {}

  isConfigured(provider: OidcProviderName): boolean {
    return Boolean(this.providers[provider]);
  }

  async start(provider: OidcProviderName, redirectUri: string, loginHint?: string): Promise<OidcStart> {
    const config = await this.configuration(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    };
    if (loginHint) params.login_hint = loginHint;
    return { url: client.buildAuthorizationUrl(config, params).href, state, codeVerifier };
  }

  /** Exchanges the code the provider sent back and answers the e-mail address it vouches for. */
  async finish(provider: OidcProviderName, callbackUrl: URL, expected: { state: string; codeVerifier: string }): Promise<string> {
    const config = await this.configuration(provider);
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        idTokenExpected: true,
      });
    } catch (error) {
      // The provider's own words ('grant request is invalid') say more than 'server responded with an error'.
      if (error instanceof client.ResponseBodyError) throw new Error(error.error_description || error.error);
      throw error;
    }
    const claims = tokens.claims();
    let email = typeof claims?.email === 'string' ? claims.email : undefined;
    let verified = claims?.email_verified;
    if (!email && claims) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      verified = info.email_verified;
    }
    if (!email) throw new Error('the provider did not share an e-mail address');
    if (verified === false) throw new Error(`the provider has not verified ${email}`);
    return email.trim().toLowerCase();
  }

  private configuration(provider: OidcProviderName): Promise<client.Configuration> {
    const settings = this.providers[provider];
    if (!settings) return Promise.reject(new Error(`${provider} sign-in is not configured`));
    let found = this.discovered.get(provider);
    if (!found) {
      found = this.discover(settings);
      // A failed discovery (provider down) is retried on the next sign-in rather than cached.
      found.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, found);
    }
    return found;
  }

  private discover(settings: OidcProviderConfig): Promise<client.Configuration> {
    return client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      this.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  }
}
