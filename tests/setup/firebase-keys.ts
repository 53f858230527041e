import crypto, { type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Google's securetoken key endpoint, so Firebase ID tokens can be
 * made and verified without the internet: RSA keys made here, their JWKS served on
 * 127.0.0.1, and tokens signed with whatever claims and header a test needs.
 */

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface SignOptions {
  /** Header kid; defaults to the newest key's. */
  kid?: string;
  /** Header alg. "none" sends no signature; "HS256" signs with the public key as an HMAC secret (the classic key-confusion forgery); anything else is RSA-signed under the given name. */
  alg?: string;
  /** Extra or replacing header fields. */
  header?: Record<string, unknown>;
  /** Sign with a key the server never publishes (under the kid above): a forged signature. */
  foreignKey?: boolean;
}

export interface FirebaseKeys {
  url: string;
  projectId: string;
  /** How many times the key set was fetched. */
  readonly fetches: number;
  /** Claims default to a valid Google sign-in for projectId; pass `undefined` to drop one. */
  signIdToken(claims?: Record<string, unknown>, opts?: SignOptions): string;
  /** Adds a new key, served next to the old ones from now on, and signs with it by default; returns its kid. */
  rotate(): string;
  /** Stops serving a key, as Google does some days after a rotation. */
  retire(kid: string): void;
  /** Cache-Control of the next answers ("max-age=3600" by default; null sends none). */
  setCacheControl(value: string | null): void;
  /** Answer the next fetches with this status and no keys (500, 404 …); null goes back to normal. */
  setFailure(status: number | null): void;
  close(): Promise<void>;
}

export const TEST_PROJECT_ID = "casino-test-7f3a1";

function makeKey(): SigningKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { kid: crypto.randomBytes(10).toString("hex"), privateKey, publicKey };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export async function startFirebaseKeys(opts: { projectId?: string } = {}): Promise<FirebaseKeys> {
  const projectId = opts.projectId ?? TEST_PROJECT_ID;
  const keys: SigningKey[] = [makeKey()];
  const stranger = makeKey();
  let cacheControl: string | null = "public, max-age=3600, must-revalidate, no-transform";
  let failure: number | null = null;
  let fetches = 0;

  const server = http.createServer((req, res) => {
    fetches += 1;
    if (failure !== null) {
      res.writeHead(failure, { "content-type": "text/plain" }).end("unavailable");
      return;
    }
    const jwks = {
      keys: keys.map((k) => ({ ...k.publicKey.export({ format: "jwk" }), kid: k.kid, alg: "RS256", use: "sig" })),
    };
    res.writeHead(200, { "content-type": "application/json", ...(cacheControl ? { "cache-control": cacheControl } : {}) });
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function defaultClaims(): Record<string, unknown> {
    const now = Math.floor(Date.now() / 1000);
    return {
      name: "Juan Dela Cruz",
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 30,
      user_id: "u1JkXyZ0abcdEFGH1234567890",
      sub: "u1JkXyZ0abcdEFGH1234567890",
      iat: now - 30,
      exp: now - 30 + 3600,
      email: "juan@example.com",
      email_verified: true,
      firebase: {
        identities: { "google.com": ["104857600000000000001"], email: ["juan@example.com"] },
        sign_in_provider: "google.com",
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}/jwk`,
    projectId,
    get fetches() {
      return fetches;
    },
    signIdToken(claims = {}, sign = {}) {
      const newest = keys[keys.length - 1]!;
      const alg = sign.alg ?? "RS256";
      const header = { alg, kid: sign.kid ?? newest.kid, typ: "JWT", ...sign.header };
      const input = `${b64url(header)}.${b64url({ ...defaultClaims(), ...claims })}`;
      let signature: Buffer;
      if (alg === "none") signature = Buffer.alloc(0);
      else if (alg === "HS256") {
        const secret = newest.publicKey.export({ format: "pem", type: "spki" });
        signature = crypto.createHmac("sha256", secret).update(input).digest();
      } else {
        const signer = sign.foreignKey ? stranger : (keys.find((k) => k.kid === header.kid) ?? newest);
        signature = crypto.sign("sha256", Buffer.from(input), signer.privateKey);
      }
      return `${input}.${signature.toString("base64url")}`;
    },
    rotate() {
      const key = makeKey();
      keys.push(key);
      return key.kid;
    },
    retire(kid) {
      const i = keys.findIndex((k) => k.kid === kid);
      if (i >= 0) keys.splice(i, 1);
    },
    setCacheControl(value) {
      cacheControl = value;
    },
    setFailure(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
