// The words the rules speak: the message catalogue of the spec's errors and labels in lt, en and ru.
// (messages.ts re-exports what it needs of text-templates.ts; the browser swaps messages.ts for one
// language a page: apps/web/vite.config.ts.)
export * from './messages.ts';
