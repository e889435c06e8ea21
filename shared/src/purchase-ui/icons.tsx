/** The "i" of a bundle with a description; decorative (its button carries the label). */
export function InfoIcon() {
  return (
    <svg aria-hidden focusable={false} viewBox="0 0 24 24" width="16" height="16">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
      <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.6" r="1.2" fill="currentColor" />
    </svg>
  );
}
