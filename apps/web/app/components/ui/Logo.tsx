/**
 * The shop's wordmark: the shop-window mark (the favicon's, public/favicon.svg)
 * and the shop's name from its settings, or the logo picture its settings name. Inline, so the first paint needs no request for it; drawn as a picture (aria-hidden):
 * the link around it carries the name. The name is drawn in the page's font (styles.css `.logo text`:
 * a local font sized like Inter until the device holds Inter, lib/fonts.ts) and held to Inter's width (71 px at this
 * size), so the mark is the same size in every font.
 */
export function Logo({
  name = 'Vitrina',
  src = '',
}: {
  name?: string | undefined;
  src?: string | undefined;
}) {
  // the shop's own logo (its settings' logoUrl): a picture, named by the link around it
  if (src) return <img src={src} alt="" height={32} className="logo-image" decoding="async" />;
  // the wordmark with the shop's name: Inter's width of "Vitrina" at this size, about 10.5 px a letter else
  const textWidth = name === 'Vitrina' ? 71 : Math.round(name.length * 10.5);
  const width = 40 + textWidth + 21;
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${width} 32`} width={width} height="32" focusable="false">
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
        textLength={textWidth}
        lengthAdjust="spacingAndGlyphs"
        fontSize="23"
        fontWeight="700"
        letterSpacing="-0.6"
      >
        {name}
      </text>
    </svg>
  );
}
