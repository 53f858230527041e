import fs from "node:fs/promises";
import path from "node:path";
import { MAX_CONTENT_IMAGE_BYTES } from "./images.server";
import type { ContentSource } from "./publish.server";

const IMAGE_NAME = /\.(png|jpe?g|webp|gif)$/i;

/** A relative path to a file beside (or below) the content file; never a URL, an absolute path or a way up. */
function isLocalImageRef(ref: string): boolean {
  if (!IMAGE_NAME.test(ref) || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith("/") || ref.startsWith("\\")) return false;
  return !ref.split(/[\\/]/).includes("..");
}

/** Every string of the JSON that may name an image: whole values, and <img src> inside HTML. */
function imageRefs(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === "string") {
    if (isLocalImageRef(value.trim())) out.add(value.trim());
    if (value.includes("<"))
      for (const m of value.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi))
        if (isLocalImageRef(m[1].trim())) out.add(m[1].trim());
  } else if (Array.isArray(value)) for (const v of value) imageRefs(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) imageRefs(v, out);
  return out;
}

async function readImage(dir: string, ref: string): Promise<Buffer | { error: string }> {
  const file = path.resolve(dir, ref);
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { error: `"${ref}" is not a file` };
    // Refused before reading: a huge file is not pulled into memory to be turned down.
    if (stat.size > MAX_CONTENT_IMAGE_BYTES)
      return { error: `"${ref}" is ${stat.size} bytes; at most ${MAX_CONTENT_IMAGE_BYTES} are accepted` };
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { error: `no image file "${ref}" beside the file` };
    throw err;
  }
}

async function readSource(file: string): Promise<ContentSource> {
  const text = await fs.readFile(file, "utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { file, json: { ok: false, error: (err as Error).message }, images: new Map() };
  }
  const images = new Map<string, Buffer | { error: string }>();
  for (const ref of imageRefs(value, new Set())) images.set(ref, await readImage(path.dirname(file), ref));
  return { file, json: { ok: true, value }, images };
}

/** The content files at a path: the file itself, or every *.json in the folder (not below), by name. */
export async function readContentSources(target: string): Promise<ContentSource[]> {
  const stat = await fs.stat(target);
  if (stat.isFile()) return [await readSource(target)];
  const names = (await fs.readdir(target)).filter((n) => n.toLowerCase().endsWith(".json")).sort();
  const sources: ContentSource[] = [];
  for (const name of names) {
    const file = path.join(target, name);
    if ((await fs.stat(file)).isFile()) sources.push(await readSource(file));
  }
  return sources;
}
