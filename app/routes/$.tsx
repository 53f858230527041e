import { redirect } from "@remix-run/node";

/** Unknown paths go home (spec §2). */
export async function loader() {
  return redirect("/m/home");
}
