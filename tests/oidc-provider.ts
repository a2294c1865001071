// A small OpenID Connect provider on 127.0.0.1 speaking the real protocol (discovery, JWKS, the
// authorization endpoint, the token endpoint with client secret and PKCE), standing in for Google
// in the API tests. The test says who signs in next and may tamper with the id token it returns.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/** The person the authorization endpoint signs in (as Google's claims). */
export type ProviderUser = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

/** Changes to the next id tokens, for the refusals: each field overrides what a good token has. */
export type Tamper = {
  /** Sign with a key the JWKS does not publish (under the published key's kid). */
  foreignKey?: boolean;
  aud?: string;
  iss?: string;
  /** Seconds from now (negative: already expired). */
  expIn?: number;
  nonce?: string;
};

type PendingCode = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: ProviderUser;
  used: boolean;
};

export type OidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  nextUser: ProviderUser;
  /** Applied to every id token until reset to {}. */
  tamper: Tamper;
  /** When true every endpoint answers 503 (a provider that is down). */
  down: boolean;
  /** Requests seen, as "METHOD /path" (the tests check the token endpoint was or was not reached). */
  requests: string[];
  /** Authorization requests' parameters, newest last. */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
};

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Starts the provider on a free loopback port. */
export async function startOidcProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<OidcProvider> {
  const clientId = options.clientId ?? "atalho-test-client.apps.example";
  const clientSecret = options.clientSecret ?? randomBytes(16).toString("hex");
  const kid = "test-key-1";
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: OidcProvider = {
    issuer,
    clientId,
    clientSecret,
    nextUser: { sub: "100000000000000000001", email: "pessoa@gmail.com", email_verified: true },
    tamper: {},
    down: false,
    requests: [],
    authorizations: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function idToken(code: PendingCode): Promise<string> {
    const t = provider.tamper;
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      ...code.user,
      nonce: t.nonce ?? code.nonce,
      azp: code.clientId,
    };
    const key = t.foreignKey ? foreign.privateKey : privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(t.iss ?? issuer)
      .setAudience(t.aud ?? code.clientId)
      .setSubject(code.user.sub)
      .setIssuedAt(t.expIn !== undefined && t.expIn < 0 ? now + t.expIn - 3600 : now)
      .setExpirationTime(now + (t.expIn ?? 3600))
      .sign(key);
  }

  server.on("request", async (request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    provider.requests.push(`${request.method} ${url.pathname}`);
    if (provider.down) return json(response, 503, { error: "temporarily_unavailable" });
    try {
      if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          scopes_supported: ["openid", "email", "profile"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
          code_challenge_methods_supported: ["S256", "plain"],
          claims_supported: ["sub", "email", "email_verified", "given_name", "family_name", "name"],
        });
      }
      if (request.method === "GET" && url.pathname === "/jwks") {
        return json(response, 200, { keys: [jwk] });
      }
      if (request.method === "GET" && url.pathname === "/authorize") {
        const params = url.searchParams;
        provider.authorizations.push(params);
        const redirectUri = params.get("redirect_uri") ?? "";
        if (params.get("client_id") !== clientId || !redirectUri) {
          return json(response, 400, { error: "invalid_request", error_description: "unknown client" });
        }
        const back = new URL(redirectUri);
        const state = params.get("state");
        if (state) back.searchParams.set("state", state);
        if (params.get("response_type") !== "code" || params.get("code_challenge_method") !== "S256") {
          back.searchParams.set("error", "unsupported_response_type");
        } else if (!params.get("scope")?.split(" ").includes("openid")) {
          back.searchParams.set("error", "invalid_scope");
        } else {
          const code = randomBytes(24).toString("base64url");
          codes.set(code, {
            clientId,
            redirectUri,
            codeChallenge: params.get("code_challenge") ?? "",
            nonce: params.get("nonce") ?? undefined,
            user: { ...provider.nextUser },
            used: false,
          });
          back.searchParams.set("code", code);
        }
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (request.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(await read(request));
        // client_secret_basic or client_secret_post
        let id = form.get("client_id") ?? "";
        let secret = form.get("client_secret") ?? "";
        const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
        if (basic) {
          const [user = "", pass = ""] = Buffer.from(basic, "base64").toString().split(":");
          id = decodeURIComponent(user);
          secret = decodeURIComponent(pass);
        }
        if (id !== clientId || !sameText(secret, clientSecret)) {
          return json(response, 401, { error: "invalid_client", error_description: "Unauthorized" });
        }
        if (form.get("grant_type") !== "authorization_code") {
          return json(response, 400, { error: "unsupported_grant_type" });
        }
        const pending = codes.get(form.get("code") ?? "");
        if (!pending || pending.used) {
          return json(response, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
        }
        pending.used = true;
        if (form.get("redirect_uri") !== pending.redirectUri) {
          return json(response, 400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
        }
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (!verifier || challenge !== pending.codeChallenge) {
          return json(response, 400, { error: "invalid_grant", error_description: "Invalid code verifier." });
        }
        return json(response, 200, {
          access_token: randomBytes(24).toString("base64url"),
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
          id_token: await idToken(pending),
        });
      }
      json(response, 404, { error: "not_found" });
    } catch (error) {
      json(response, 500, { error: "server_error", error_description: String(error) });
    }
  });

  return provider;
}
