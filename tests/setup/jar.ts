import { request, type Reply } from "./http";

/**
 * Hidden fields a page's form carries that tests do not write themselves: a post repeats the last
 * page's value, as a browser submits the form's hidden inputs (the registration declaration's version).
 */
const CARRIED_HIDDEN_FIELDS = ["declarationVersion"];

/**
 * A browser without JavaScript, in miniature: keeps the cookies the server sets
 * for one host (optionally speaking from its own loopback address) and repeats
 * the page's CSRF token in every form it posts.
 */
export class Jar {
  cookies = new Map<string, string>();
  /** The hidden fields of CARRIED_HIDDEN_FIELDS on the last page answered. */
  carried: Record<string, string> = {};
  constructor(
    readonly port: number,
    readonly host = "luckypeso.localhost",
    readonly address?: string,
  ) {}
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(r: Reply) {
    for (const name of CARRIED_HIDDEN_FIELDS) {
      const value = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(r.body)?.[1];
      if (value !== undefined) this.carried[name] = value;
    }
    for (const c of r.headers["set-cookie"] ?? []) {
      const [pair, ...attrs] = c.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (attrs.some((a) => a.trim().toLowerCase() === "max-age=0") || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return r;
  }
  csrf() {
    return this.cookies.get("__Host-csrf") ?? "";
  }
  async get(p: string) {
    return this.take(
      await request(this.port, p, { host: this.host, headers: { cookie: this.header() }, localAddress: this.address }),
    );
  }
  /** `csrf`: false sends no token, a string sends that one instead of the cookie's. */
  async post(p: string, fields: Record<string, string>, opts: { csrf?: false | string } = {}) {
    const token = opts.csrf === undefined ? this.csrf() : opts.csrf;
    const body = new URLSearchParams({ ...(token === false ? {} : { csrf: token }), ...this.carried, ...fields }).toString();
    return this.take(
      await request(this.port, p, {
        host: this.host,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: this.header() },
        body,
        localAddress: this.address,
      }),
    );
  }
}
