// typescript-eslint needs TypeScript's compiler API, which TypeScript 7 (the repo's `tsc`) no
// longer ships: this workspace holds the lint plugins beside a TypeScript 6 they parse with, so
// npm keeps them out of the root's TypeScript 7. eslint.config.js takes them from here.
export { default as js } from '@eslint/js';
export { default as globals } from 'globals';
export { importX } from 'eslint-plugin-import-x';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { default as tseslint } from 'typescript-eslint';
