import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

/**
 * The lint gate (issue 30): typescript-eslint's recommended rules on every TypeScript file, the
 * React hooks rules and jsx-a11y on the views. Run by `npm run lint`, part of `npm test`.
 */
export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "tests/e2e/.out/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // A leading underscore names what is there on purpose and unread: a view's unused props, a
      // field taken out of a rest spread so the rest is what is sent.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // Hooks live in .ts files too (listCursor.ts, the stores' hooks).
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The rules below judge code for the React Compiler's memoisation; Tape does not build with the
      // compiler (vite.config.ts), so they flag what runs correctly here: a clock read during render
      // (purity), a previous tick kept in a ref (refs), a draft reset when its source changes
      // (set-state-in-effect), and @tanstack/react-virtual, the stack's virtualiser (incompatible-library).
      "react-hooks/purity": "off",
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    files: ["src/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Keyboard-first: a dialog or window the trader opened by a key puts the caret in its first
      // field, as every terminal does; the rule guards against focus moved on page load, which Tape never does.
      "jsx-a11y/no-autofocus": "off",
    },
  },
);
