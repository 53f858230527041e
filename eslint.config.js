import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layout from "./eslint-rules/part-boundaries.js";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      "data/**",
      "tests/.artifacts/**",
      "bench/.work/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  { files: ["scripts/**", "server/**", "tests/**", ".ci/**"], rules: { "no-console": "off" } },
  // The service worker runs in its own global scope.
  { files: ["server/pwa/worker.js"], languageOptions: { globals: globals.serviceworker } },
  // The layout's dependency rules (README "Architecture"): a forbidden import fails lint, and so npm test.
  {
    files: ["app/**", "brands/**", "server/**", "scripts/**"],
    plugins: { layout },
    rules: { "layout/part-boundaries": "error" },
  },
  // Links go through the app's Link, which the server renders without the router's hooks (ADR 0021).
  {
    files: ["app/**"],
    ignores: ["app/components/ui/link.tsx", "app/components/ui/link.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@remix-run/react", importNames: ["Link"], message: "Use Link from ~/components/ui/link." }] },
      ],
    },
  },
);
