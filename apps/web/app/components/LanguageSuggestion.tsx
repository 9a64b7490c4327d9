import { languageSuggestion, type StoreCode } from '@vitrina/domain';
import { useEffect, useRef, useState } from 'react';
import { getT, loadDictionary } from '../i18n';
import { whenIdle } from '../lib/idle';
import { Link } from '../lib/link';
import { useStoreCode } from '../lib/store';
import { useAlternatePaths } from './LanguageSwitch';

/** localStorage: the shopper answered a language suggestion (followed it or said no) */
export const LANGUAGE_ANSWERED_KEY = 'vitrina.language-answered';

function answered(): boolean {
  try {
    return localStorage.getItem(LANGUAGE_ANSWERED_KEY) !== null;
  } catch {
    return true; // no storage: never ask again on every page
  }
}

function remember(choice: StoreCode): void {
  try {
    localStorage.setItem(LANGUAGE_ANSWERED_KEY, choice);
  } catch {
    // storage refused: the suggestion shows again next time, nothing breaks
  }
}

/**
 * A shopper whose browser reads another of the shop's languages is offered this page in it, in that
 * language, until they answer or choose a language themselves (domain languageSuggestion: never
 * where the browser lists the page's language; Latvian and Estonian browsers through LOCALE_MAP). Never a redirect, and decided in the browser: the server's answer is the same for
 * everyone (the page cache), and the URL stays the language search engines and shared links see.
 */
export function LanguageSuggestion() {
  const current = useStoreCode();
  const [suggested, setSuggested] = useState<StoreCode | null>(null);
  const shownIn = useRef(current);

  useEffect(() => {
    // the shopper moved to another language in this tab (the header's switch, a link): a choice made,
    // remembered like an answer to the card, which then never asks on any page
    if (shownIn.current !== current) {
      shownIn.current = current;
      remember(current);
      // answered now: the card goes with the page, not at the next idle moment
      setSuggested(null);
      return;
    }
    let live = true;
    // At the browser's first idle moment, not in the hydration's effects: the card is not part of the
    // page's first screen, and its dictionary (another language's chunk, evaluated, and its English
    // index) and its render made the task that ends the hydration one of the load's longest.
    const cancel = whenIdle(() => {
      const wanted = languageSuggestion(navigator.languages ?? [navigator.language], current, answered());
      if (!wanted) return setSuggested(null);
      // its words in its own language: that dictionary is loaded for it
      loadDictionary(wanted).then(
        () => live && setSuggested(wanted),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [current]);

  if (!suggested || suggested === current) return null;
  return <SuggestionCard suggested={suggested} current={current} onAnswered={() => setSuggested(null)} />;
}

/**
 * The card itself, apart: it reads the router's matches (the page's alternate paths), so only a shown
 * card renders at each change of the router's state, not the suggestion every shopper has.
 */
function SuggestionCard({
  suggested,
  current,
  onAnswered,
}: {
  suggested: StoreCode;
  current: StoreCode;
  onAnswered: () => void;
}) {
  const paths = useAlternatePaths();
  const t = getT(suggested);
  return (
    <aside className="lang-suggest" lang={suggested} aria-label={t('langSuggest.label')}>
      <p>{t('langSuggest.text')}</p>
      <Link
        className="btn"
        to={paths[suggested]}
        hrefLang={suggested}
        onClick={() => {
          remember(suggested);
          onAnswered();
        }}
      >
        {t('langSuggest.switch')}
      </Link>
      <button
        type="button"
        className="btn-link"
        onClick={() => {
          remember(current);
          onAnswered();
        }}
      >
        {t('langSuggest.stay')}
      </button>
    </aside>
  );
}
