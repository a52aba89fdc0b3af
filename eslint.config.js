import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const forbid = (...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((group) => ({ group: [`**/${group}/**`, `**/${group}`], message: `Imports flow web -> contracts -> core and server -> contracts -> core; this folder may not import ${group}.` })) }],
});

export default tseslint.config(
  { ignores: ["dist/**", "build/**", "data/**", "node_modules/**", "src/server/db/migrations/**", "test-results/**", ".builds/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  // The one-way import rule from ENGINEERING.md, enforced.
  { files: ["src/core/**"], rules: forbid("server", "web", "contracts") },
  { files: ["src/contracts/**"], rules: forbid("server", "web") },
  { files: ["src/web/**"], rules: forbid("server") },
  { files: ["src/server/**"], rules: forbid("web") },
);
