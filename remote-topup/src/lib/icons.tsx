/** Line icons of the top-up page; decorative (their buttons carry the labels). */
const common = { 'aria-hidden': true, focusable: false } as const;

export function ChevronIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path d="m9 6 6 6-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

export function QuestionIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="20" height="20">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
      <path d="M9.4 9.3a2.7 2.7 0 0 1 5.2.9c0 1.8-2.6 2.2-2.6 3.9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
      <circle cx="12" cy="17.2" r="1.1" fill="currentColor" />
    </svg>
  );
}

export function InfoIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="16" height="16">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
      <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.6" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function StoreLogo() {
  return (
    <svg {...common} viewBox="0 0 40 40" width="40" height="40">
      <rect width="40" height="40" rx="11" fill="#ff5a1f" />
      <path d="M11 15h18l-1.6 13.2a2 2 0 0 1-2 1.8H14.6a2 2 0 0 1-2-1.8Z" fill="#fff" />
      <path d="M15.5 15v-1.5a4.5 4.5 0 0 1 9 0V15" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <path d="m20 18.5 1.3 2.7 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4Z" fill="#ff5a1f" />
    </svg>
  );
}
