/** What the identity-verification tests share: pictures, a multipart post as a browser sends it, members. */
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Brand } from "../../app/brand/schema";
import type { Db } from "../../app/db/client.server";
import { kycSubmissions } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { Jar } from "../setup/jar";
import type { FilePart } from "../setup/multipart";

export { postMultipart } from "../setup/multipart";

/** A photo-like PNG or JPEG of the given size (the page asks for 240 pixels a side at least). */
export function picture(kind: "png" | "jpeg", width = 320, height = 240): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } });
  return (
    kind === "png" ? image.png() : image.jpeg().withMetadata({ exif: { IFD0: { Copyright: "secret-gps-note" } } })
  ).toBuffer();
}

/** The ID photo and the selfie as the form's two file fields. */
export const documents = (idPhoto: Buffer, selfie: Buffer, types = ["image/png", "image/jpeg"]): FilePart[] => [
  { field: "idPhoto", filename: "id.png", type: types[0]!, bytes: idPhoto },
  { field: "selfie", filename: "selfie.jpg", type: types[1]!, bytes: selfie },
];

export const PHILSYS = { idType: "philsys", idNumber: "1234 5678 9012 3456" };

let seq = 0;
/** A member of `brand` signed in on a fresh jar, having loaded /m/verify once (its CSRF cookie). */
export async function signedIn(db: Db, port: number, brand: Brand, type = 0): Promise<{ jar: Jar; member: Member }> {
  const member = await createMember(db, brand, { username: `kyc${process.pid % 1000}x${++seq}`, password: "goodpass12", type });
  const jar = new Jar(
    port,
    brand.hosts.find((h) => h.endsWith(".localhost"))!,
  );
  jar.cookies.set("__Host-sid", await createSession(db, brand, member.id));
  await jar.get("/m/verify");
  return { jar, member };
}

export const submissionsOf = async (db: Db, memberId: number) =>
  Number((await db.select({ n: count() }).from(kycSubmissions).where(eq(kycSubmissions.memberId, memberId)))[0]!.n);

/** A page's text of an attribute-free match: what the player reads (apostrophes escaped as React writes them). */
export const shows = (body: string, text: string) => body.includes(text.replaceAll("'", "&#x27;"));
