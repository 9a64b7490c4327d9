/**
 * The Vitrina wordmark: the shop-window mark (the favicon's, public/favicon.svg)
 * and the name. Inline, so the first paint needs no request for it; drawn as a picture (aria-hidden):
 * the link around it carries the name. The name is drawn in the page's font (styles.css `.logo text`:
 * the system's until the device holds Inter, lib/fonts.ts) and held to Inter's width (71 px at this
 * size), so the mark is the same size in every font.
 */
export function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 132 32" width="132" height="32" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1547c0" />
      <path
        d="M8.5 9.5 16 23l7.5-13.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="8" r="2.6" fill="#ff9a5c" />
      <text
        x="40"
        y="24"
        fill="currentColor"
        textLength="71"
        lengthAdjust="spacingAndGlyphs"
        fontSize="23"
        fontWeight="700"
        letterSpacing="-0.6"
      >
        Vitrina
      </text>
    </svg>
  );
}
