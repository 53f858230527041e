import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { createPglite, openDatabase } from "../../app/db/client.server";
import type { TestProject } from "vitest/node";

export const ARTIFACTS = path.resolve("tests/.artifacts");

/**
 * Migrates one template database per run; each test file then gets its own copy
 * (a PGlite data-dir dump, or a Postgres CREATE DATABASE … TEMPLATE), so files
 * never share state and nobody pays for initdb and migrations per file.
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  if (!fs.existsSync("build/server/index.js")) {
    const r = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("the app build failed");
  }
  const engine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
  if (engine === "pglite") {
    const client = await createPglite();
    const database = await openDatabase({ engine: "pglite", client });
    const dump = await client.dumpDataDir("gzip");
    const file = path.join(ARTIFACTS, `pglite-template-${process.pid}.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide("pgliteTemplate", file);
    return () => fs.rmSync(file, { force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
  const template = `casino_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ engine: "postgres", url: withDatabase(url, template) });
  await database.close();
  project.provide("postgresTemplate", template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'casino_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
