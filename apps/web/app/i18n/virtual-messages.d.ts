// The browser build's per-language message catalogues (vite.config.ts, i18n/domain-messages.client.ts).
declare module 'virtual:vitrina-messages/*' {
  // an ambient module cannot `import` a relative path; the type is the catalogue the build writes
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const catalogue: import('./domain-messages.catalogue').MessageCatalogue;
  export default catalogue;
}

// The browser's files of each store view's dictionary, for the server render (vite.config.ts).
declare module 'virtual:vitrina-dictionary-files' {
  const files: Partial<Record<'en' | 'lt' | 'ru', string[]>>;
  export default files;
}
