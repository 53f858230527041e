import http from "node:http";
import { randomBytes } from "node:crypto";
import type { Reply } from "./http";
import type { Jar } from "./jar";

/** A file of a multipart form: its field, its name and declared type, and its bytes. */
export type FilePart = { field: string; filename: string; type: string; bytes: Buffer };

/**
 * A multipart/form-data post as a browser sends a form with files and JavaScript off: the jar's
 * cookies, its CSRF token as the first field (or `csrf`: false, none), then the fields and files.
 */
export function postMultipart(
  jar: Jar,
  path: string,
  fields: Record<string, string>,
  files: FilePart[],
  csrf: string | false = jar.csrf(),
): Promise<Reply> {
  const boundary = `----form${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  const all = { ...(csrf === false ? {} : { csrf }), ...fields };
  for (const [name, value] of Object.entries(all))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: jar.port,
        path,
        method: "POST",
        headers: {
          host: jar.host,
          cookie: jar.header(),
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
        },
      },
      (res) => {
        const out: Buffer[] = [];
        res.on("data", (c: Buffer) => out.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(out);
          resolve(jar.take({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes }));
        });
        res.on("error", reject);
      },
    );
    // A server that refuses a large body answers early and closes: what it answered is the reply.
    req.on("error", reject);
    req.end(body);
  });
}
