import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { randomToken } from "~/utils/tokens.server";
import { GUEST_TYPE } from "./member-types";
import { createMember, type Member } from "./members.server";
import { grantDemoBalance } from "~/domain/wallet/balances.server";

/** A trial player: a guest account (type 4) without password, holding play money only. */
export async function startTrial(db: Db, brand: Brand, opts: { registerUrl?: string } = {}): Promise<Member> {
  const username = `guest_${randomToken(6)
    .replace(/[^A-Za-z0-9]/g, "x")
    .toLowerCase()}`;
  const member = await createMember(db, brand, {
    username,
    type: GUEST_TYPE,
    registerMethod: "H5",
    registerUrl: opts.registerUrl ?? null,
  });
  await grantDemoBalance(db, brand, member.id);
  return member;
}
