import { createHash, timingSafeEqual } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import type { GoogleErrorCode, GoogleIntent } from "../../../common/contract/auth";
import type { Db } from "../../../db/client";
import { oauthStates } from "../../../db/schema/users";
import { type Config, isLoopback } from "../../env";

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/**
 * The cookie that binds a sign-in to the browser that started it: it holds the `state` sent to the
 * provider (HttpOnly, SameSite=Lax, path /api/auth/google, ten minutes). The callback refuses a
 * state this browser does not hold, so a callback URL started by someone else signs nobody in here.
 */
export const GOOGLE_STATE_COOKIE = "atalho_google_state";
/** Discovery is fetched again after this long (Google rotates keys; openid-client refetches the JWKS). */
const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;
/** Seconds for each call to the provider (discovery, token exchange, JWKS). */
const PROVIDER_TIMEOUT_S = 10;

/** A refusal that ends the Google flow: the browser is sent back with `google_error=<code>`. */
export class GoogleFlowError extends Error {
  constructor(
    readonly code: GoogleErrorCode,
    /** What is logged (the provider's text, say); never shown to the user. */
    readonly detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What we keep from a verified id token. */
export type GoogleIdentity = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");
/** Equal texts, compared in constant time (through their hashes, of equal length). */
const sameHash = (a: string, b: string) =>
  timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());

/**
 * The OpenID Connect client for Google (or GOOGLE_ISSUER): discovery on first use, cached and tried
 * again after a failure; authorization code with PKCE, `state` and `nonce`; the id token's signature
 * (JWKS), issuer, audience, expiry and nonce checked by openid-client.
 */
export class GoogleOidc {
  private configuration?: Promise<oidc.Configuration>;
  private fetchedAt = 0;

  constructor(
    private readonly settings: NonNullable<Config["google"]>,
    /** `${PUBLIC_URL}/api/auth/google/callback`, as registered in the Google console. */
    readonly redirectUri: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private discover(): Promise<oidc.Configuration> {
    if (this.configuration && Date.now() - this.fetchedAt < DISCOVERY_TTL_MS) return this.configuration;
    const issuer = new URL(this.settings.issuer);
    const execute = [oidc.enableNonRepudiationChecks];
    // Plain http only for a provider on loopback (env.ts refuses any other).
    if (issuer.protocol === "http:" && isLoopback(issuer.hostname)) execute.push(oidc.allowInsecureRequests);
    this.fetchedAt = Date.now();
    this.configuration = oidc
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        execute,
        timeout: PROVIDER_TIMEOUT_S,
      })
      .then((configuration) => {
        configuration.timeout = PROVIDER_TIMEOUT_S;
        return configuration;
      })
      .catch((error: unknown) => {
        this.configuration = undefined; // the next sign-in tries again
        throw error;
      });
    return this.configuration;
  }

  /** The provider's configuration, or GoogleFlowError("unavailable") when it cannot be reached. */
  private async config(): Promise<oidc.Configuration> {
    try {
      return await this.discover();
    } catch (error) {
      this.log.warn({ err: errorText(error) }, "google: discovery failed");
      throw new GoogleFlowError("unavailable", errorText(error));
    }
  }

  /**
   * Starts a sign-in: stores the state (hashed), nonce and PKCE verifier for ten minutes and returns
   * the provider's authorization URL and the state (for the browser's GOOGLE_STATE_COOKIE). Expired
   * rows of abandoned sign-ins are deleted on the way.
   */
  async begin(db: Db, intent: GoogleIntent, userId: number | null): Promise<{ url: URL; state: string }> {
    const configuration = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
    await db.insert(oauthStates).values({
      stateHash: hashState(state),
      nonce,
      codeVerifier,
      intent,
      userId,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    };
    // Linking and confirming a deletion: let the person pick the account rather than reuse one silently.
    if (intent !== "login") parameters.prompt = "select_account";
    return { url: oidc.buildAuthorizationUrl(configuration, parameters), state };
  }

  /**
   * Finishes a sign-in from the callback's query: checks the state is the one this browser started
   * (`browserState`, from GOOGLE_STATE_COOKIE), spends the state row (once, in any process),
   * exchanges the code with the PKCE verifier and verifies the id token.
   */
  async complete(
    db: Db,
    query: Record<string, string>,
    browserState: string | undefined,
  ): Promise<{ intent: GoogleIntent; userId: number | null; identity: GoogleIdentity }> {
    const state = query.state;
    if (!state || state.length > 200) throw new GoogleFlowError("expired", "no state");
    // Login CSRF: a callback URL from a sign-in another browser started is refused, its row left alone.
    if (!browserState || !sameHash(browserState, state)) {
      throw new GoogleFlowError("state", browserState ? "state cookie differs" : "no state cookie");
    }
    // Spent here whatever follows: a replayed callback finds nothing.
    const [row] = await db
      .delete(oauthStates)
      .where(eq(oauthStates.stateHash, hashState(state)))
      .returning();
    if (!row) throw new GoogleFlowError("expired", "unknown or spent state");
    if (row.expiresAt.getTime() <= Date.now()) throw new GoogleFlowError("expired", "state expired");
    if (query.error) {
      const code = query.error === "access_denied" ? "cancelled" : "failed";
      throw new GoogleFlowError(code, `provider error: ${query.error} ${query.error_description ?? ""}`);
    }
    const configuration = await this.config();
    const currentUrl = new URL(this.redirectUri);
    for (const [key, value] of Object.entries(query)) currentUrl.searchParams.set(key, value);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: row.codeVerifier,
        expectedState: state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      // A provider that cannot be reached is "try later"; anything it answered wrongly is a failure.
      const status = (error as { status?: unknown }).status;
      const unreachable =
        error instanceof TypeError ||
        (typeof status === "number" && status >= 500) ||
        (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
      throw new GoogleFlowError(unreachable ? "unavailable" : "failed", errorText(error));
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new GoogleFlowError("failed", "id token without sub");
    const text = (value: unknown, max: number) =>
      typeof value === "string" ? value.trim().slice(0, max) : "";
    const email = text(claims.email, 254).toLowerCase();
    return {
      intent: row.intent,
      userId: row.userId,
      identity: {
        sub: String(claims.sub),
        email: email.includes("@") ? email : null,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        givenName: text(claims.given_name, 100) || text(claims.name, 100),
        familyName: text(claims.family_name, 100),
      },
    };
  }
}

/** An error's name, code and message (and its cause's), for the log. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return `${error.name}${code ? ` ${String(code)}` : ""}: ${error.message}${cause}`;
}
