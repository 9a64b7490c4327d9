/**
 * All three dictionaries loaded at once, for the server render (meta functions, e-mails) and the tests;
 * the browser loads only the page's language (i18n/index.ts loadDictionary).
 */
import { registerDictionary } from '.';
import { en } from './en';
import { lt } from './lt';
import { ru } from './ru';

registerDictionary('en', en);
registerDictionary('lt', lt);
registerDictionary('ru', ru);
