import type { AppLoadContext } from "@remix-run/node";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { checkCsrf } from "./csrf.server";

/**
 * Reading a multipart form (a plain post with files, so it works without JavaScript). Files are
 * kept in memory up to a limit each and handed to the domain as bytes (domain/uploads checks what
 * they are); a file over the limit is drained and named, not kept, so the page can say which one
 * was too large. The whole body is already bounded by the server (server/app.ts upload limits).
 */

export type UploadedFile =
  { field: string; name: string; bytes: Uint8Array; tooLarge: false } | { field: string; name: string; tooLarge: true };

const MAX_TEXT_FIELD = 16 * 1024;

export async function readUploadForm(
  request: Request,
  context: AppLoadContext,
  opts: { maxFileBytes: number; maxFiles: number },
): Promise<{ form: FormData; files: UploadedFile[]; fileCount: number }> {
  const files: UploadedFile[] = [];
  let fileCount = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= Math.max(opts.maxFileBytes, MAX_TEXT_FIELD)) chunks.push(chunk);
    }
    if (filename === undefined) {
      if (size > MAX_TEXT_FIELD) throw new Response("Bad Request: a form field is too long", { status: 400 });
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    // A file input left empty still sends a part: no name and no bytes.
    if (filename === "" && size === 0) return undefined;
    fileCount += 1;
    if (files.length < opts.maxFiles)
      files.push(
        size > opts.maxFileBytes
          ? { field: name, name: filename, tooLarge: true }
          : { field: name, name: filename, bytes: Buffer.concat(chunks), tooLarge: false },
      );
    return undefined;
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (err) {
    if (err instanceof Response) throw err;
    throw new Response("Bad Request: unreadable form", { status: 400 });
  }
  checkCsrf(form, request, context);
  return { form, files, fileCount };
}
