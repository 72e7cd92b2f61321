// Types of build-changed.mjs for the TypeScript that imports it (apps/web/vite-precompress.test.ts).
export function buildChanged(): void;
export function isWebBuildCurrent(options: {
  root: string;
  env: Record<string, string | undefined>;
}): boolean;
