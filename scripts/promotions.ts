import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const USAGE = `Usage:
  npm run promotions -- applications list <brand> [--status applying|issued|rejected]
  npm run promotions -- applications show <brand> <id> [--export-images <dir>]
    --export-images writes the application's images (as stored: re-encoded PNG or JPEG) into <dir>.
  npm run promotions -- applications approve <brand> <id> --bonus <pesos> [--by "<name>"] --why "<reason>"
    Credits the bonus to the member's cash (a bonus transfer from house:bonus) with its turnover
    requirement. Approving again changes nothing. Audited.
  npm run promotions -- applications reject <brand> <id> [--by "<name>"] --why "<reason>"
  npm run promotions -- intake <brand> <promotion key> open|close [--turnover <multiplier>] [--by "<name>"] --why "<reason>"
    Whether members may apply for a promotion (none may until it is opened); --turnover sets the
    turnover multiplier of its bonuses (default: the brand's). Audited.`;

const by = (values: { by?: string }) => values.by || os.userInfo().username;

function applicationId(text: string | undefined): number {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) throw new UsageError(`"${text ?? ""}" is not an application id`);
  return Number(text);
}

async function applications(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      status: { type: "string" },
      "export-images": { type: "string" },
      bonus: { type: "string" },
      by: { type: "string" },
      why: { type: "string" },
    },
  });
  const [sub, brand, idText, ...extra] = positionals;
  if (!brand || extra.length > 0) throw new UsageError("applications takes a sub-command and a brand");
  switch (sub) {
    case "list":
      if (idText !== undefined) throw new UsageError("list takes only a brand");
      return finish(runAdmin({ command: "promotions.list", brand, status: values.status as "applying" | undefined }));
    case "show": {
      const dir = values["export-images"];
      const result = runAdmin({ command: "promotions.show", brand, id: applicationId(idText), images: dir !== undefined });
      return finish(dir === undefined ? result : result.then((r) => exportImages(r, dir)));
    }
    case "approve":
      return finish(
        runAdmin({
          command: "promotions.approve",
          brand,
          id: applicationId(idText),
          bonus: values.bonus ?? "",
          by: by(values),
          why: values.why ?? "",
        }),
      );
    case "reject":
      return finish(
        runAdmin({ command: "promotions.reject", brand, id: applicationId(idText), by: by(values), why: values.why ?? "" }),
      );
    default:
      throw new UsageError(`unknown applications command ${sub ?? ""}`);
  }
}

type ShowResult = Awaited<ReturnType<typeof runAdmin<{ command: "promotions.show"; brand: string; id: number }>>>;

/** Writes the images beside each other as application-<id>-<n>.<png|jpg>, then answers the result as it was. */
async function exportImages(r: ShowResult, dir: string): Promise<ShowResult> {
  if (!r.ok) return r;
  const target = path.resolve(dir);
  await mkdir(target, { recursive: true });
  for (const f of r.files) {
    const file = path.join(
      target,
      `application-${r.application.id}-${f.sequence}.${f.contentType === "image/png" ? "png" : "jpg"}`,
    );
    await writeFile(file, Buffer.from(f.base64, "base64"));
    console.log(`wrote ${file} (${f.width}x${f.height})`);
  }
  return r;
}

async function intake(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { turnover: { type: "string" }, by: { type: "string" }, why: { type: "string" } },
  });
  const [brand, key, state, ...extra] = positionals;
  if (!brand || !key || (state !== "open" && state !== "close") || extra.length > 0)
    throw new UsageError("intake takes a brand, a promotion key and open or close");
  if (values.turnover !== undefined && !/^\d{1,3}$/.test(values.turnover)) throw new UsageError("--turnover is a whole number");
  await finish(
    runAdmin({
      command: "promotions.intake",
      brand,
      key,
      open: state === "open",
      turnover: values.turnover === undefined ? null : Number(values.turnover),
      by: by(values),
      why: values.why ?? "",
    }),
  );
}

await runCommands({ applications, intake }, USAGE);
