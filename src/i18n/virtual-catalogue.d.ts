/** The catalogue's parts, made by the build (astro.config.mjs, src/i18n/catalogue-parts.ts). */
declare module 'virtual:catalogue/loaders' {
  const loaders: Record<
    import('./languages.ts').Lang,
    Record<import('./catalogue-parts.ts').BrowserPart, () => Promise<{ default: Record<string, string> }>>
  >;
  export default loaders;
}

/** One part of one language's catalogue. */
declare module 'virtual:catalogue/*' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
