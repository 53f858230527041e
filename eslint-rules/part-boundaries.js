// The dependency rules of the layout (README "Architecture", docs/decisions/0012): which part
// of the code may import which. A forbidden import fails `npm run lint`, and so `npm test`.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Parts by path prefix (repo-relative, longest first). */
const PARTS = [
  ["app/routes/", "routes"],
  ["app/web/", "web"],
  ["app/components/", "components"],
  ["app/domain/", "domain"],
  ["app/integrations/", "integrations"],
  ["app/brand/", "brand"],
  ["brands/", "brand"],
  ["app/db/", "db"],
  ["app/utils/", "utils"],
  ["app/styles/", "static"],
  ["public/", "static"],
  ["app/", "shell"],
  ["server/", "server"],
  ["scripts/", "scripts"],
  ["tests/", "tests"],
];

/** What each part must never import, and why (the `never` arrows of the layout). */
export const FORBIDDEN = {
  domain: {
    routes: "rules know no URL",
    components: "rules know no screen",
    web: "rules know no cookie or request",
    shell: "rules know no document",
    integrations: "domain owns the ports; adapters depend on domain, not the other way",
    server: "rules know no host",
    scripts: "CLIs call domain, not the other way",
  },
  components: {
    db: "a view never queries",
    domain: "views get data and booleans from loaders",
    integrations: "views get data from loaders",
    routes: "routes use components, not the other way",
    shell: "the document uses components, not the other way",
    server: "views know no host",
  },
  utils: {
    routes: "leaves call nothing above",
    web: "leaves call nothing above",
    components: "leaves call nothing above",
    domain: "leaves call nothing above",
    integrations: "leaves call nothing above",
    brand: "leaves call nothing above",
    db: "leaves call nothing above",
    shell: "leaves call nothing above",
    server: "leaves call nothing above",
  },
  db: {
    domain: "storage knows no rules",
    web: "storage knows no requests",
    routes: "storage knows no URL",
    components: "storage knows no screen",
    integrations: "storage knows no outside world",
    shell: "storage knows no document",
  },
  brand: {
    routes: "configuration knows no URL",
    web: "configuration knows no requests",
    components: "configuration knows no screen",
    domain: "configuration knows no rules",
    db: "configuration knows no storage",
    shell: "configuration knows no document",
  },
  integrations: {
    routes: "adapters know no URL",
    web: "adapters know no cookies",
    components: "adapters know no screen",
    shell: "adapters are chosen by the shell, not the other way",
  },
  web: {
    routes: "glue serves routes, not the other way",
    components: "glue knows no screen",
    shell: "glue serves the document, not the other way",
    integrations: "adapters are reached through domain ports (services.server.ts)",
  },
  routes: {
    shell: "routes get root data through the components' RootData type",
    integrations: "adapters are reached through domain ports (services.server.ts)",
    db: "one hop: route -> domain function -> table",
  },
  scripts: { routes: "CLIs share domain, not pages", components: "CLIs share domain, not pages" },
  server: { routes: "the host serves the build, never a route module", components: "the host renders nothing itself" },
};

/** Packages a part must not use: rules take (db, brand, …) and never see a request or response. */
const FORBIDDEN_PACKAGES = {
  domain: [[/^@remix-run\//, "rules know no Request or Response"]],
  utils: [[/^@remix-run\//, "pure helpers know no Request or Response"]],
};

export function partOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join("/");
  for (const [prefix, part] of PARTS) if (rel.startsWith(prefix)) return part;
  return null;
}

/** The repo path an import names, or null for a package. */
export function resolveImport(spec, fromFile) {
  if (spec.startsWith("~/")) return path.join(ROOT, "app", spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(fromFile), spec);
  return null;
}

/** Why `fromFile` may not import `spec`, or null when it may. */
export function violation(spec, fromFile) {
  const target = resolveImport(spec, fromFile);
  const from = partOf(fromFile);
  if (!target) {
    const hit = (FORBIDDEN_PACKAGES[from] ?? []).find(([re]) => re.test(spec));
    return hit ? `${from} must not import ${spec}: ${hit[1]}` : null;
  }
  const to = partOf(target);
  if (!from || !to || from === to) return null;
  const why = FORBIDDEN[from]?.[to];
  if (why) return `${from} must not import ${to}: ${why}`;
  if (from === "components" && /\.server(\.[jt]sx?)?$/.test(target))
    return "components import no .server module: views get data from loaders";
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: { type: "problem", docs: { description: "the layout's dependency rules between parts" }, schema: [] },
  create(context) {
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const why = violation(source.value, context.filename);
      if (why) context.report({ node: source, message: `Forbidden import "${source.value}": ${why}.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { "part-boundaries": rule } };
