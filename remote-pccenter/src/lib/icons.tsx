/** Line icons of the pay centre; decorative (their buttons and links carry the labels). */
const common = { 'aria-hidden': true, focusable: false } as const;
const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', fill: 'none' } as const;

export function ChevronIcon({ direction = 'right' }: { readonly direction?: 'left' | 'right' }) {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18">
      <path d={direction === 'right' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'} {...stroke} />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="20" height="20">
      <circle cx="12" cy="8.5" r="4" {...stroke} />
      <path d="M4.5 20a7.5 7.5 0 0 1 15 0" {...stroke} />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="20" height="20">
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" {...stroke} />
      <path d="m4 7 8 6 8-6" {...stroke} />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="16" height="16">
      <rect x="5" y="10.5" width="14" height="10" rx="2" {...stroke} />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" {...stroke} />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="16" height="16">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" {...stroke} />
    </svg>
  );
}

export function PayCentreLogo() {
  return (
    <svg {...common} viewBox="0 0 40 40" width="36" height="36">
      <rect width="40" height="40" rx="11" fill="#ff5a1f" />
      <rect x="9" y="12" width="22" height="16" rx="3" fill="#fff" />
      <rect x="9" y="16" width="22" height="3.5" fill="#1b1f3b" />
      <rect x="12.5" y="22.5" width="7" height="2.5" rx="1.2" fill="#ff5a1f" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="16" height="16">
      <path d="M9 5v14M15 5v14" {...stroke} strokeWidth={3} />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="16" height="16">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}
