/** The catalogue's parts, made by the build (astro.config.mjs, src/i18n/catalogue-parts.ts). */
declare module 'virtual:catalogue/loaders' {
  // An ambient module can't import by a relative path; import() types can.
  /* eslint-disable @typescript-eslint/consistent-type-imports */
  type Lang = import('./languages.ts').Lang;
  type BrowserPart = import('./catalogue-parts.ts').BrowserPart;
  /* eslint-enable @typescript-eslint/consistent-type-imports */

  const loaders: Record<Lang, Record<BrowserPart, () => Promise<{ default: Record<string, string> }>>>;
  export default loaders;
}

/** One part of one language's catalogue. */
declare module 'virtual:catalogue/*' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
